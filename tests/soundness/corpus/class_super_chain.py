class Base:
    def __init__(self, x):
        self.x = x

    def total(self):
        return self.x


class Child(Base):
    def __init__(self, x, y):
        super().__init__(x)
        self.y = y

    def total(self):
        return super().total() + self.y


c = Child(2, 5)
t = c.total()
parts = [f"{c.x}-{c.y}", t, c.total.__name__]
print(parts, [v[1:] for v in ("abc", "de")], (lambda q=3: q * 2)())
match t:
    case 7 if t > 1:
        kind = "seven"
    case _:
        kind = "other"
data = {"a": 1}
data["b"] = data["a"] + 1
a, *rest = [1, 2, 3]
print(kind, data, rest, (n := 10) + n)
