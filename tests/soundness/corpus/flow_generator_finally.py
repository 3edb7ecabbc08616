events = []


def gen():
    try:
        yield 1
        yield 2
    finally:
        events.append("closed")


g = gen()
first = next(g)
g.close()
print(first, events)
