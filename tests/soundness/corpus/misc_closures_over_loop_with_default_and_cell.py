def build():
    funcs = {}
    for name in ("a", "b"):
        def shout(suffix="!", name=name):
            return name.upper() + suffix
        funcs[name] = shout
    late = [lambda: name for _ in range(2)]
    return funcs, [f() for f in late]


functions, late_values = build()
print(functions["a"](), functions["b"]("?"), late_values)
