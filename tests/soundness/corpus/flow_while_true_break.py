n = 27
steps = 0
while True:
    if n == 1:
        break
    n = n // 2 if n % 2 == 0 else 3 * n + 1
    steps += 1
print(steps)
