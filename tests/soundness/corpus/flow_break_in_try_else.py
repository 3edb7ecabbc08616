found = None
for value in [1, 4, 9, 16]:
    try:
        root = int(value**0.5)
    except ValueError:
        continue
    else:
        if root == 3:
            found = value
            break
print(found)
