class Vec:
    def __init__(self, x):
        self.x = x

    def __neg__(self):
        return Vec(-self.x)

    def __abs__(self):
        return abs(self.x)

    def __invert__(self):
        return "inverted"


v = Vec(3)
n = (-v).x
a = abs(Vec(-4))
i = ~v
print(n, a, i)
