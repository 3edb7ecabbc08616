calls = []


def v(x):
    calls.append(x)
    return x


r = v(5) < v(3) < v(9)
print(r, calls)
