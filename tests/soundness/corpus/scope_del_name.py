a = 1
b = a + 1
del a
try:
    c = a
except NameError:
    c = "gone"
a = 3
print(a, b, c)
