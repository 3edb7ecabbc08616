def divmod_pair(a, b):
    return a // b, a % b


q, r = divmod_pair(17, 5)
nq, nr = divmod_pair(-17, 5)
whole = divmod_pair(9, 3)
print(q, r, nq, nr, whole)
