log = []


def note(tag):
    log.append(tag)
    return tag


def receive(a, b, c=None, d=None):
    return (a, b, c, d)


out = receive(note(1), note(2), d=note(4), c=note(3))
print(out, log)
