r = range(2, 20, 3)
values = (list(r), len(r), r[1], r[-1], 11 in r, 12 in r, list(range(5, 0, -2)), list(range(0)), r.index(8))
print(values)
