flags = [not 0, not "a", not [], not None]
choice = "yes" if flags[1] else "no"
mixed = 3 if [] else 4
print(flags, choice, mixed)
