word = "mississippi"
counts = {}
for ch in word:
    counts[ch] = counts.get(ch, 0) + 1
unique = "".join(sorted(set(word)))
reversed_word = "".join(reversed(word))
print(counts, unique, reversed_word)
