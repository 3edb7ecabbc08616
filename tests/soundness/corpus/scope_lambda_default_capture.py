x = 1
f = lambda y, x=x: x + y
x = 100
r1 = f(1)
g = lambda y: x + y
r2 = g(1)
print(r1, r2)
