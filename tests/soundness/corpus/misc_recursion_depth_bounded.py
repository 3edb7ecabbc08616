def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)


def ackermann_small(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann_small(m - 1, 1)
    return ackermann_small(m - 1, ackermann_small(m, n - 1))


print(depth(50), ackermann_small(2, 3))
