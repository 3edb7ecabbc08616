words = ["one", "two", "three", "four", "five"]
by_length = {}
for word in words:
    by_length.setdefault(len(word), []).append(word)
longest = max(by_length)
print(by_length, longest)
