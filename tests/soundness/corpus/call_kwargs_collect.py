def describe(**options):
    keys = sorted(options)
    return keys, options.get("size", 0)


k1 = describe()
k2 = describe(size=3, name="x")
extra = {"colour": "red"}
k3 = describe(**extra, size=1)
print(k1, k2, k3)
