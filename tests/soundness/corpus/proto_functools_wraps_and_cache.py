import functools

calls = []


@functools.lru_cache(maxsize=None)
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def logged(function):
    @functools.wraps(function)
    def inner(*args):
        return function(*args)

    return inner


@logged
def double(x):
    return 2 * x


print(fib(15), len(calls), double(4), double.__name__)
