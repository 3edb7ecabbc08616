values = [1, 2, 3]
print(*values, sep="-", end="!\n")
print("a", "b", sep="")
joined = " ".join(map(str, values))
print(joined)
