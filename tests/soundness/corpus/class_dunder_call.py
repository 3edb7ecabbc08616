class Multiplier:
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, value):
        return value * self.factor


triple = Multiplier(3)
r1 = triple(4)
r2 = triple("ab")
is_callable = callable(triple)
print(r1, r2, is_callable)
