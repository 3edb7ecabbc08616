big = 2**100
factorial = 1
for k in range(1, 25):
    factorial *= k
digits = len(str(factorial))
mixed = big - factorial
print(big, factorial, digits, mixed > 0)
