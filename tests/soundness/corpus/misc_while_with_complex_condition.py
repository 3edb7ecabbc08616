i, j = 0, 10
steps = []
while i < j and (j - i) % 7 != 0:
    steps.append((i, j))
    i += 1
    j -= 1
print(steps, i, j)
