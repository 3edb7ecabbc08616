groups = {}
first = groups.setdefault("k", [])
first.append(1)
second = groups.setdefault("k", [99])
second.append(2)
print(groups, first is second)
