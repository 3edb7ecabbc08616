def first_negative(values):
    for v in values:
        if v < 0:
            return v
    return None


print(first_negative([3, -2, -5]), first_negative([1, 2]))
