def pick(flag):
    a = [1]
    b = [2]
    chosen = a if flag else b
    chosen.append(9)
    return a, b


r1 = pick(True)
r2 = pick(False)
print(r1, r2)
