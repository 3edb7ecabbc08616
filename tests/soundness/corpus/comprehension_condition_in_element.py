labels = ["even" if n % 2 == 0 else "odd" for n in range(5)]
clipped = [min(max(v, 0), 3) for v in [-2, 1, 5]]
print(labels, clipped)
