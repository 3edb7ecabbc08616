def outer():
    items = [1]

    def replace():
        nonlocal items
        items = items + [2]
        return items

    first = replace()
    second = replace()
    return first, second, items


result = outer()
print(result)
