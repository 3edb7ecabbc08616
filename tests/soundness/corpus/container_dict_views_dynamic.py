d = {"a": 1}
keys = d.keys()
d["b"] = 2
snapshot = list(keys)
values_sum = sum(d.values())
print(snapshot, values_sum, len(keys))
