t = ([1], 2)
t[0].append(5)
try:
    t[0] += [6]
    outcome = "no error"
except TypeError:
    outcome = "TypeError"
print(t, outcome)
