a = [1, 2]
b = a
c = [1, 2]
print(a is b, a is c, a == c, None is None, () == ())
