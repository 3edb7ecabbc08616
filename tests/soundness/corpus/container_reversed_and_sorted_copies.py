original = [3, 1, 2]
rev = list(reversed(original))
srt = sorted(original)
unchanged = original
print(rev, srt, unchanged, original is unchanged)
