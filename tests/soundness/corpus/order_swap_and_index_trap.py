items = [0, 1, 2]
i = 0
i, items[i] = 2, 9
print(i, items)
