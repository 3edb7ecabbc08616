log = []


def t(x):
    log.append(x)
    return x


def f(*args, **kwargs):
    return args, kwargs


result = f(t(1), *[t(2), t(3)], k=t(4), **{"z": t(5)})
print(result, log)
