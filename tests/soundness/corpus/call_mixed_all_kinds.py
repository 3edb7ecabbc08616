def mixed(a, b=2, /, c=3, *rest, d, e=5, **more):
    return (a, b, c, rest, d, e, sorted(more.items()))


m1 = mixed(1, d=4)
m2 = mixed(1, 9, 8, 7, 6, d=0, z=1)
m3 = mixed(1, c=30, d=40, e=50)
print(m1, m2, m3)
