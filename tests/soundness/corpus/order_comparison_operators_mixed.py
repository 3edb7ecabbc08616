checks = (
    1 == 1.0,
    1 is not None,
    "a" < "b",
    [1, 2] < [1, 3],
    (1, "a") < (1, "b"),
    2 in [1, 2],
    "b" not in "abc",
    None is None,
    0 == False,
)
print(checks)
