level = 0


def outer():
    level = 5

    def inner():
        global level
        level = level + 1
        return level

    got = inner()
    return got, level


pair = outer()
print(pair, level)
