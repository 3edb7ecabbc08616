class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b

    def swap(self):
        self.a, self.b = self.b, self.a
        return self


p = Pair([1], "x")
q = p.swap()
print(p.a, p.b, q is p)
