def pair():
    value = []

    def push(item):
        value.append(item)
        return len(value)

    def peek():
        return list(value)

    return push, peek


push, peek = pair()
n1 = push(1)
n2 = push(2)
snapshot = peek()
print(n1, n2, snapshot)
