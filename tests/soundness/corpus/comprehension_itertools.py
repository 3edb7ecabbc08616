import itertools

chained = list(itertools.chain([1, 2], (3,), "ab"))
products = list(itertools.product("ab", [0, 1]))
perms = len(list(itertools.permutations(range(4), 2)))
combos = list(itertools.combinations("abc", 2))
acc = list(itertools.accumulate([1, 2, 3, 4]))
sliced = list(itertools.islice(itertools.count(10, 5), 3))
grouped = [(k, len(list(g))) for k, g in itertools.groupby("aabccc")]
print(chained, products, perms, combos, acc, sliced, grouped)
