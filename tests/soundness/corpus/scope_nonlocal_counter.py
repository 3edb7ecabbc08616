def make_counter():
    count = 0

    def step(by=1):
        nonlocal count
        count += by
        return count

    return step


counter = make_counter()
a = counter()
b = counter(5)
other = make_counter()
c = other()
print(a, b, c)
