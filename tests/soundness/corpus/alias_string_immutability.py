s = "abc"
t = s
s += "d"
u = s.upper()
print(s, t, u, t is not s)
