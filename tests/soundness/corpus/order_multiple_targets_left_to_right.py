a = b = [1]
same = a is b
x = y = z = 7
d = {}
d["one"] = d["two"] = len(d)
print(same, x + y + z, d)
