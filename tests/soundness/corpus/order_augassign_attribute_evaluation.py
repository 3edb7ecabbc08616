log = []


class Box:
    def __init__(self):
        self._v = 1

    @property
    def v(self):
        log.append("get")
        return self._v

    @v.setter
    def v(self, value):
        log.append("set")
        self._v = value


b = Box()
b.v += 10
print(b._v, log)
