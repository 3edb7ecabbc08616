class Empty:
    def __len__(self):
        return 0


class Full:
    def __len__(self):
        return 3


class Falsy:
    def __bool__(self):
        return False

    def __len__(self):
        return 10


class Plain:
    pass


truths = [bool(Empty()), bool(Full()), bool(Falsy()), bool(Plain())]
picked = Empty() or "fallback"
print(truths, picked)
