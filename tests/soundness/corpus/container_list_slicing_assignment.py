data = list(range(10))
data[2:5] = ["a", "b"]
data[::3] = [None] * len(data[::3])
del data[-2:]
part = data[1:4]
stepped = data[::-2]
data[:0] = [99]
print(data, part, stepped)
