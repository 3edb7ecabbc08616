(a, b), c = (1, 2), 3
[d, [e, f]] = [4, [5, 6]]
g, *h = "xyz"
*i, j = range(3)
k, = [7]
print(a, b, c, d, e, f, g, h, i, j, k)
