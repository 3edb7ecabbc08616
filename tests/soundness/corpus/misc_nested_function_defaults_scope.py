base = 10


def outer(n=base):
    def inner(m=n * 2):
        return m + base

    return inner()


first = outer()
base = 20
second = outer(1)
print(first, second)
