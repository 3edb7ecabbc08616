class Lazy:
    def __init__(self):
        self.computations = 0
        self._value = None

    @property
    def value(self):
        if self._value is None:
            self.computations += 1
            self._value = 42
        return self._value


obj = Lazy()
first = obj.value
second = obj.value
print(first, second, obj.computations)
