add = lambda a, b=1: a + b
star = lambda *xs: len(xs)
kw = lambda **kw: sorted(kw)
nested = lambda x: (lambda y: x * y)
r = (add(1), add(1, 2), star(), star(1, 2), kw(a=1, b=2), nested(3)(4))
print(r)
