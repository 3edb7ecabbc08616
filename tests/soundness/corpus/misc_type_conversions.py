values = (str(12), int("7"), float(2), bool(""), bool("0"), list("ab"), tuple([1]), set("aa"), dict([(1, 2)]), repr("x"), list({3: 4}))
print(values)
