values = (round(-0.5), round(1.25, 1), -7 // 1, int(-0.9), 5 % 1.5, divmod(7.5, 2), pow(3, 4, 5), pow(2, -2))
print(values)
