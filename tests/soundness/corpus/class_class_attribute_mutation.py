class Counter:
    instances = 0
    shared = []

    def __init__(self):
        Counter.instances += 1
        self.shared.append(Counter.instances)


a = Counter()
b = Counter()
n = Counter.instances
lst = a.shared
print(n, lst, a.shared is b.shared)
