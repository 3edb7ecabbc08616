numbers = [5, 3, 8, 1]
mapped = list(map(lambda n: n * 10, numbers))
filtered = list(filter(lambda n: n > 2, numbers))
ordered = sorted(numbers, key=lambda n: -n)
best = max(numbers, key=lambda n: n % 4)
zipped = list(zip(numbers, "abcd"))
enumerated = list(enumerate("xy", start=1))
print(mapped, filtered, ordered, best, zipped, enumerated)
