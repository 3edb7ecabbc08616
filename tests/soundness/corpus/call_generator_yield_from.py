def inner():
    yield 1
    yield 2
    return "inner-done"


def outer():
    result = yield from inner()
    yield result


collected = list(outer())
print(collected)
