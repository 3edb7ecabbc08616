data = list(range(8))
del data[0]
del data[::2]
del data[-1]
first = data[0]
print(data, first)
