def outer():
    acc = []

    def add(x):
        acc.append(x * 2)

    for i in range(4):
        add(i)
    return acc


print(outer())
