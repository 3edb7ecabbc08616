def naturals():
    n = 0
    while True:
        yield n
        n += 1


taken = []
for value in naturals():
    if value >= 5:
        break
    taken.append(value)
print(taken)
