zeros = [0] * 4
mixed = [1, "a"] * 2
empty = [] * 10
contains = "a" in mixed
index = mixed.index("a", 2)
print(zeros, mixed, empty, contains, index)
