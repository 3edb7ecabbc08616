def maybe(flag):
    return 5 if flag else None


values = [maybe(True), maybe(False)]
present = [v for v in values if v is not None]
defaulted = [v or 0 for v in values]
is_none = values[1] is None
print(present, defaulted, is_none)
