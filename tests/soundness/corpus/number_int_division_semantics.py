results = (
    7 // 2,
    -7 // 2,
    7 % -3,
    -7 % 3,
    divmod(-7, 2),
    7 / 2,
    2**10,
    2**-1,
    (-8) ** (1 / 3) if False else 0,
    10**20 // 3,
    abs(-5),
    round(2.5),
    round(3.5),
    round(2.675, 2),
)
print(results)
