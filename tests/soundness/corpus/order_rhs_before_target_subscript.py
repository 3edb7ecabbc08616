log = []


def obj():
    log.append("object")
    return store


def key():
    log.append("key")
    return "k"


def value():
    log.append("value")
    return 1


store = {}
obj()[key()] = value()
print(log, store)
