def shape(value):
    match value:
        case []:
            return "empty"
        case [x]:
            return f"one:{x}"
        case [x, *rest]:
            return f"many:{x}+{len(rest)}"
        case {"kind": kind, **others}:
            return f"map:{kind}:{sorted(others)}"
        case (a, b):
            return "pair"
        case _:
            return "?"


print([shape(v) for v in ([], [7], [1, 2, 3], {"kind": "k", "z": 1}, 5)])
