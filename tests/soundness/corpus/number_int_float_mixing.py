values = (1 + 1.0, 3 * 0.5, 7 // 2.0, 7 % 2.5, 2**0.5, 10 / 5, float(10 // 5), int("42") + 0.0, complex(1, 2) * 2)
types = [type(v).__name__ for v in values]
print(values, types)
