data = list(range(10))
middle = slice(2, 8, 2)
picked = data[middle]
text = "abcdef"[slice(None, None, -1)]
indices = middle.indices(5)
print(picked, text, indices)
