data = [1, 2, 3]
try:
    data.append(4)
    data[10] = 0
    data.append(5)
except IndexError:
    pass
print(data)
