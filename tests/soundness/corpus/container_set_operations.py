a = {1, 2, 3}
b = {3, 4}
results = (a | b, a & b, a - b, a ^ b, a <= {1, 2, 3, 4}, 2 in a, len(a))
a.add(10)
a.discard(1)
a.discard(999)
removed = a.pop() in {2, 3, 10}
frozen = frozenset([1, 1, 2])
print(sorted(results[0]), results[1:], sorted(a), removed, sorted(frozen))
