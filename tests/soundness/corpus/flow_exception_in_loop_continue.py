results = []
for divisor in (2, 0, 5, 0):
    try:
        results.append(100 // divisor)
    except ZeroDivisionError:
        results.append(None)
        continue
    results.append("ok")
print(results)
