functions = []
for i in range(3):
    functions.append(lambda: i)
late = [f() for f in functions]
bound = [(lambda j=i: j)() for i in range(3)]
print(late, bound)
