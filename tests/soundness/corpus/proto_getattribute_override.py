class Loud:
    def __init__(self):
        self.x = 1

    def __getattribute__(self, name):
        value = object.__getattribute__(self, name)
        if isinstance(value, int):
            return value * 100
        return value


l = Loud()
print(l.x, l.__class__.__name__)
