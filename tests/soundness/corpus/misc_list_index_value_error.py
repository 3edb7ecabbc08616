items = ["x", "y"]
try:
    where = items.index("z")
except ValueError as error:
    where = -1
    text = str(error)
removed = []
for item in ["y", "q"]:
    try:
        items.remove(item)
        removed.append(item)
    except ValueError:
        removed.append(None)
print(where, text, removed, items)
