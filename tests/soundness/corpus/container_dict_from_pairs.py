pairs = [("a", 1), ("b", 2), ("a", 3)]
d = dict(pairs)
z = dict(zip("xy", [10, 20]))
kw = dict(one=1, two=2)
fk = dict.fromkeys(["p", "q"], 0)
merged = d | z
print(d, z, kw, fk, merged)
