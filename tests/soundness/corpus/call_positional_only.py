def power(base, exponent=2, /):
    return base**exponent


p1 = power(3)
p2 = power(2, 5)
try:
    power(base=2)
    error = None
except TypeError as e:
    error = "positional"
print(p1, p2, error)
