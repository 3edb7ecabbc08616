class A:
    pass


class B(A):
    pass


checks = (
    isinstance(B(), A),
    isinstance(A(), B),
    issubclass(B, A),
    issubclass(bool, int),
    isinstance(True, int),
    isinstance(3, (str, float)),
    type(B()) is B,
)
print(checks)
