a = "ab" * 3
b = "x" + "y" * 2
c = 0 * "z"
d = "abc" < "abd"
e = "a" in "cat"
f = len("é" * 2)
g = ord("A") + 1
h = chr(g)
print(a, b, c, d, e, f, h)
