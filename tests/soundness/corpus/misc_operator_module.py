import operator

pairs = [(1, "b"), (0, "a")]
first_items = sorted(pairs, key=operator.itemgetter(0))
added = operator.add(2, 3)
neg = operator.neg(4)
getter = operator.attrgetter("real")
real = getter(3 + 4j)
print(first_items, added, neg, real)
