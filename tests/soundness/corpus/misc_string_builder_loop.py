parts = []
text = ""
for i in range(5):
    text += str(i)
    parts.append(text)
joined = "|".join(parts)
print(text, joined)
