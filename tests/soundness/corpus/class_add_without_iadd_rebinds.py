class Frozen:
    def __init__(self, items):
        self.items = tuple(items)

    def __add__(self, item):
        return Frozen(self.items + (item,))


f = Frozen([1])
alias = f
f += 2
rebound = alias is not f
print(rebound, alias.items, f.items)
