names = ["a", "b", "c"]
scores = [1, 2]
pairs = list(zip(names, scores))
indexed = {i: n for i, n in enumerate(names)}
unzipped = list(zip(*pairs))
longest = max(len(n) for n in names)
print(pairs, indexed, unzipped, longest)
