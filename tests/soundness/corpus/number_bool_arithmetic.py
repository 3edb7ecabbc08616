values = (True + True, True * 10, False - 1, sum([True, False, True]), True / 2, -True, ~False, True & False, True | False, True ^ True, int(True))
types = [type(v).__name__ for v in values]
print(values, types)
