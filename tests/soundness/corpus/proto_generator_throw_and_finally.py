log = []


def worker():
    try:
        while True:
            try:
                item = yield
                log.append(item)
            except ValueError as error:
                log.append(f"handled {error}")
    finally:
        log.append("closed")


g = worker()
next(g)
g.send(1)
g.throw(ValueError("bad"))
g.send(2)
g.close()
print(log)
