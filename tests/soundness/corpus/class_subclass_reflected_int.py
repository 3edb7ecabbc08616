class MyInt(int):
    def __radd__(self, other):
        return "MyInt.__radd__"

    def __rsub__(self, other):
        return NotImplemented


r1 = 1 + MyInt(2)
r2 = MyInt(2) + 1
r3 = 5 - MyInt(2)
print(r1, r2, r3)
