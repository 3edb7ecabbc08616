d = {"x": 1}
try:
    value = d["y"]
except KeyError as error:
    value = f"missing {error}"
del d["x"]
empty = not d
print(value, empty)
