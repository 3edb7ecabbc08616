def count_until(limit):
    n = 0
    values = []
    while n * n < limit:
        values.append(n)
        n += 1
    return n, len(values)


print(count_until(50), count_until(1000))
