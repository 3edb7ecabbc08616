log = []


class Holder:
    pass


holder = Holder()


def target():
    log.append("target")
    return holder


def rhs():
    log.append("rhs")
    return 5


target().field = rhs()
print(log, holder.field)
