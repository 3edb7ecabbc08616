values = (
    0 or "default",
    "" or [] or None,
    [1] and "second",
    0 and 1 / 0,
    None or 0,
    "x" or 1 / 0,
    (1, 2) and (),
)
print(values)
