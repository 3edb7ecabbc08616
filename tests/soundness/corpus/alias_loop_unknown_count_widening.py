def collatz_lengths(limit):
    lengths = []
    for start in range(1, limit):
        n = start
        steps = 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            steps += 1
        lengths.append(steps)
    return lengths


print(collatz_lengths(12))
