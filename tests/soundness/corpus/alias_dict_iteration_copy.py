counts = {"a": 1, "b": 2, "c": 3}
for key in list(counts):
    if counts[key] % 2:
        del counts[key]
print(counts)
