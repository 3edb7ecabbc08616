d = {"a": 1, "b": 2, "c": 3}
d.pop("a")
d["a"] = 4
order = list(d)
last = d.popitem()
by_value = sorted(d, key=d.get)
print(order, last, by_value, d)
