t = (1, 2, 3)
u = t + (4,)
v = t * 2
first, *middle, last = u
nested = ((1, 2), (3, 4))
flat = [x for pair in nested for x in pair]
single = (5,)
count = v.count(2)
idx = t.index(3)
print(u, v, first, middle, last, flat, single, count, idx, t[::-1])
