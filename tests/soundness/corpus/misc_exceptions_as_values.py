errors = [ValueError("v"), KeyError("k")]
names = [type(e).__name__ for e in errors]
args = [e.args for e in errors]
matched = [isinstance(e, LookupError) for e in errors]
print(names, args, matched)
