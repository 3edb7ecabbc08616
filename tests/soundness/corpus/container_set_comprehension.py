words = ["apple", "avocado", "banana", "blueberry", "cherry"]
initials = {w[0] for w in words}
lengths = sorted({len(w) for w in words})
print(sorted(initials), lengths)
