class Clamped(list):
    def __getitem__(self, index):
        if isinstance(index, int):
            index = max(0, min(index, len(self) - 1))
        return super().__getitem__(index)


c = Clamped([10, 20, 30])
values = (c[-5], c[1], c[99], c[0:2], len(c))
c.append(40)
print(values, c[99], type(c[0:2]).__name__)
