errors = []
for raw in ["1", "x", "3"]:
    try:
        errors.append(int(raw))
    except ValueError as problem:
        errors.append(str(problem)[:7])
print(errors)
