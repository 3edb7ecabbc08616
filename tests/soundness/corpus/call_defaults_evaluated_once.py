def append_to(item, target=[]):
    target.append(item)
    return target


first = append_to(1)
second = append_to(2)
fresh = append_to(3, [])
same = first is second
print(first, second, fresh, same)
