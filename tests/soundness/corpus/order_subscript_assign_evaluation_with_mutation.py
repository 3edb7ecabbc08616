x = [0, 0, 0]
i = 0


def bump():
    global i
    i += 1
    return 7


x[i] = bump()
print(x, i)
