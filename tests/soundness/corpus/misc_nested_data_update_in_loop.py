inventory = {"apples": {"count": 3}, "pears": {"count": 0}}
for name, info in inventory.items():
    info["count"] += 1
    info["name"] = name.upper()
empty = [n for n, i in inventory.items() if i["count"] < 2]
print(inventory, empty)
