class Acc:
    def __init__(self):
        self.total = 0

    def add(self, x):
        self.total += x
        return self.total


acc = Acc()
adder = acc.add
results = [adder(i) for i in range(4)]
print(results, acc.total)
