log = []


def record(x):
    log.append(x)


for value in "abc":
    record(value)
record(len(log))
print(log)
