class Meters(int):
    def __add__(self, other):
        return Meters(int(self) + int(other))

    def __repr__(self):
        return f"{int(self)}m"


a = Meters(3)
b = a + 4
c = 4 + a
d = a * 2
print(repr(b), type(b).__name__, type(c).__name__, type(d).__name__, c, d)
