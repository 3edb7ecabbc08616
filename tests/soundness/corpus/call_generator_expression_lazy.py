log = []


def noted(x):
    log.append(x)
    return x


gen = (noted(x) for x in range(3))
before = len(log)
first = next(gen)
middle = len(log)
rest = list(gen)
print(before, first, middle, rest, log)
