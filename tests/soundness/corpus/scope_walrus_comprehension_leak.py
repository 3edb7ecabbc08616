values = [3, 8, 1, 9]
big = [y for v in values if (y := v * 2) > 5]
last_y = y
print(big, last_y)
