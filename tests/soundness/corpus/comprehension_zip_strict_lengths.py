a = [1, 2, 3]
b = "xy"
shortest = list(zip(a, b))
try:
    list(zip(a, b, strict=True))
    strict_ok = True
except ValueError:
    strict_ok = False
print(shortest, strict_ok)
