registry = {}


def register(function):
    registry[function.__name__] = function
    return function


@register
def alpha():
    return "a"


@register
def beta():
    return "b"


names = sorted(registry)
called = [registry[name]() for name in names]
print(names, called)
