words = ["alpha", "beta", "gamma"]
joined = "-".join(words)
back = joined.split("-")
limited = joined.split("-", 1)
lines = "a\nb\n\nc".splitlines()
chars = list("xyz")
rsplit = "a.b.c".rsplit(".", 1)
print(joined, back, limited, lines, chars, rsplit)
