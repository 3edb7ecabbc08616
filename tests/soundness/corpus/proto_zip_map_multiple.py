a = [1, 2, 3]
b = (4, 5, 6)
c = "xyz"
z3 = list(zip(a, b, c))
m2 = list(map(lambda x, y: x * y, a, b))
m_short = list(map(pow, [2, 3], [3, 2, 99]))
print(z3, m2, m_short)
