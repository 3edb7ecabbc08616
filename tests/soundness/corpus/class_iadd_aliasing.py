class Bag:
    def __init__(self):
        self.items = []

    def __iadd__(self, item):
        self.items.append(item)
        return self


bag = Bag()
alias = bag
bag += 1
bag += 2
same = alias is bag
count = len(alias.items)
print(same, count, alias.items)
