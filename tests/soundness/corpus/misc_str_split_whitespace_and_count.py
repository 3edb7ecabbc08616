text = "  alpha   beta\tgamma\n delta "
words = text.split()
first_two = text.split(None, 2)
counts = [text.count(c) for c in "ae"]
cleaned = " ".join(words).title()
print(words, first_two, counts, cleaned)
