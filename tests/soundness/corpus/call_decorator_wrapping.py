def twice(function):
    def wrapper(*args, **kwargs):
        return function(*args, **kwargs) * 2

    return wrapper


@twice
def value(x, y=1):
    return x + y


v1 = value(3)
v2 = value(3, y=4)
print(v1, v2)
