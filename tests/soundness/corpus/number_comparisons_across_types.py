checks = (1 == 1.0, 1 < 1.5, True == 1, 2 > False, 0.5 <= 1, 1 != "1", (1,) == (1.0,), [1] == [True])
print(checks)
