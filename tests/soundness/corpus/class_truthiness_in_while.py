class Stack:
    def __init__(self, items):
        self.items = list(items)

    def __len__(self):
        return len(self.items)

    def pop(self):
        return self.items.pop()


s = Stack([1, 2, 3])
popped = []
while s:
    popped.append(s.pop())
print(popped)
