from collections import namedtuple

Pair = namedtuple("Pair", ["left", "right"])
p = Pair(1, right=2)
left = p.left
total = p[0] + p[1]
swapped = p._replace(left=10)
as_tuple = tuple(swapped)
print(left, total, as_tuple)
