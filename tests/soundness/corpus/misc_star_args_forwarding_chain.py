def inner(a, b=0, *rest, key=None, **extra):
    return (a, b, rest, key, sorted(extra))


def middle(*args, **kwargs):
    return inner(*args, **kwargs)


def outer(x, *args, **kwargs):
    return middle(x * 2, *args, key="k", **kwargs)


print(outer(1), outer(1, 2, 3, z=4), middle(5, key=1))
