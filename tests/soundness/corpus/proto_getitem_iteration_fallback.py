class Squares:
    def __getitem__(self, index):
        if index >= 4:
            raise IndexError(index)
        return index * index


values = list(Squares())
found = 9 in Squares()
total = 0
for v in Squares():
    total += v
print(values, found, total)
