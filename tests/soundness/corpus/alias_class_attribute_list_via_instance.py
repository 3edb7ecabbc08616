class Registry:
    items = []

    def add(self, x):
        self.items.append(x)
        return len(self.items)


r1, r2 = Registry(), Registry()
r1.add("a")
n = r2.add("b")
r2.items = ["own"]
m = r1.add("c")
print(n, m, Registry.items, r2.items)
