e = "before"
try:
    1 / 0
except ZeroDivisionError as e:
    kind = type(e).__name__
exists = "e" in globals()
print(kind, exists)
