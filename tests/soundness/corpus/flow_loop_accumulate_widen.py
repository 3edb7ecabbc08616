total = 0
i = 0
while i < 200:
    total += i * i
    i += 1
print(total, i)
