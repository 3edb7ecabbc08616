log = []


def tricky():
    x = 1
    try:
        return x
    finally:
        x = 2
        log.append(x)


value = tricky()
print(value, log)
