n = 0
odds = []
while n < 7:
    n += 1
    if n % 2 == 0:
        continue
    odds.append(n)
else:
    finished = True
print(odds, finished, n)
