s = "abcdefgh"
slices = (s[1:4], s[:3], s[5:], s[-2:], s[::2], s[::-1], s[10:], s[-100:2], s[3:1], s[1:-1:3])
index = s[0] + s[-1]
print(slices, index)
