a = [1, 2]
alias = a
a += [3]
in_place = alias is a
b = [1, 2]
alias_b = b
b = b + [3]
rebound = alias_b is not b
t = (1,)
alias_t = t
t += (2,)
print(in_place, alias, rebound, alias_b, t, alias_t)
