values = [3, 1, 2]
result = values.sort()
reversed_result = values.reverse()
appended = values.append(0)
d = {}
updated = d.update(a=1)
print(result, reversed_result, appended, updated, values, d)
