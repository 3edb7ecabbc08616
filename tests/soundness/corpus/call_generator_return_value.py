def produce():
    yield 1
    return 42


g = produce()
first = next(g)
try:
    next(g)
    caught = None
except StopIteration as stop:
    caught = stop.value
print(first, caught)
