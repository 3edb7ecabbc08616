import math

inf = float("inf")
nan = float("nan")
values = (
    inf > 1e308,
    -inf < 0,
    nan == nan,
    math.isnan(nan),
    0.1 + 0.2 == 0.3,
    abs(0.1 + 0.2 - 0.3) < 1e-9,
    1e16 + 1 == 1e16,
    -0.0 == 0.0,
    math.copysign(1, -0.0),
    int(3.9),
    int(-3.9),
    float("1e3"),
)
print(values)
