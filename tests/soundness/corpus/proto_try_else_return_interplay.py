def f(x):
    try:
        if x:
            return "try"
    except Exception:
        return "except"
    else:
        return "else"
    finally:
        pass


def g():
    for i in range(3):
        try:
            continue
        finally:
            if i == 1:
                return f"finally-{i}"
    return "end"


print(f(1), f(0), g())
