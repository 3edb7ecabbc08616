class Acc:
    def __init__(self, n):
        self.n = n

    def __iadd__(self, other):
        if isinstance(other, int):
            self.n += other
            return self
        return NotImplemented

    def __add__(self, other):
        return Acc(self.n + len(other))


a = Acc(1)
alias = a
a += 5
kept = alias is a
a += "xyz"
replaced = alias is not a
print(kept, replaced, alias.n, a.n)
