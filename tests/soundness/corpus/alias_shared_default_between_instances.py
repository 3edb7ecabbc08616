class Bag:
    def __init__(self, items=[]):
        self.items = items

    def add(self, x):
        self.items.append(x)


a = Bag()
b = Bag()
a.add(1)
shared = b.items
print(shared, a.items is b.items)
