pi = 3.14159
n = 42
name = "ada"
texts = [
    f"{pi:.2f}",
    f"{n:05d}",
    f"{n:x}",
    f"{name!r}",
    f"{name:>6}|",
    f"{n * 2}",
    f"{'nested'}",
    f"{n=}",
    f"{1 + 1}{name}",
    f"{pi:{'.3'}f}",
]
print(texts)
