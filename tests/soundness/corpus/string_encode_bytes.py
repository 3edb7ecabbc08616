text = "héllo"
data = text.encode("utf-8")
length = len(data)
back = data.decode("utf-8")
raw = b"abc"[1:]
hexed = bytes([1, 255]).hex()
print(length, back == text, raw, hexed)
