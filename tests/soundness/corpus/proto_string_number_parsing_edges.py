values = (int("1_000"), float("1_0.5"), int("  -7\n"), float("nan") != float("nan"), repr(0.1), str(1e16), str(1e-5), 1e309 == float("inf"), str(-0.0), int(" 0b11", 0), round(1e20), 10**-2)
print(values)
