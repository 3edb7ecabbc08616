def classify(value):
    match value:
        case 0:
            return "zero"
        case 1 | 2:
            return "small"
        case int() if value < 0:
            return "negative"
        case str():
            return "text"
        case _:
            return "other"


print([classify(v) for v in (0, 2, -4, "s", 9.5, 100)])
