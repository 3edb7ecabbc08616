def find(items, target):
    for index, item in enumerate(items):
        if item == target:
            break
    else:
        index = -1
    return index


found = find([4, 5, 6], 5)
missing = find([4, 5, 6], 9)
empty = find([], 1)
print(found, missing, empty)
