def layered():
    out = []
    for i in range(2):
        try:
            try:
                if i == 1:
                    return out
                out.append("a")
            finally:
                out.append("b")
        finally:
            out.append("c")
    return None


print(layered())
