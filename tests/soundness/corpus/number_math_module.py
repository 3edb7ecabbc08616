import math

values = (
    math.sqrt(16),
    math.floor(-2.5),
    math.ceil(2.1),
    math.gcd(12, 18),
    math.pi > 3,
    math.isclose(math.sin(0), 0.0),
    math.log(math.e),
    math.factorial(6),
    math.prod([2, 3, 4]),
    math.inf > 0,
    math.hypot(3, 4),
)
print(values)
