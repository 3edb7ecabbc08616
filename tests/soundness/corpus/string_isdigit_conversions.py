values = ["12", "-3", "4.5", "x"]
parsed = []
for v in values:
    if v.isdigit():
        parsed.append(int(v))
    elif v.lstrip("-").isdigit():
        parsed.append(-int(v.lstrip("-")))
    else:
        try:
            parsed.append(float(v))
        except ValueError:
            parsed.append(None)
print(parsed)
