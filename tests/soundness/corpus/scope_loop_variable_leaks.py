for index in range(4):
    pass
last = index
for item in []:
    marker = "never"
exists = "marker" in globals()
print(last, exists)
