items = []


def count():
    return len(items)


before = count()
items.append("x")
items.extend("yz")
after = count()
print(before, after)
