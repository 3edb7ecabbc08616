def risky():
    yield 1
    raise RuntimeError("boom")


seen = []
try:
    for value in risky():
        seen.append(value)
except RuntimeError as error:
    seen.append(str(error))
print(seen)
