d = {"a": 1, "b": 2}
d["c"] = 3
got = d.get("z", 0)
popped = d.pop("a")
default = d.setdefault("e", 5)
existing = d.setdefault("b", 100)
d.update({"f": 6}, g=7)
keys = list(d.keys())
values = list(d.values())
items = sorted(d.items())
has = "b" in d
length = len(d)
print(got, popped, default, existing, keys, values, items, has, length)
