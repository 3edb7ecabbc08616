class Base:
    def __add__(self, other):
        return "Base.__add__"

    def __radd__(self, other):
        return "Base.__radd__"


class Derived(Base):
    def __radd__(self, other):
        return "Derived.__radd__"


r1 = Base() + Derived()
r2 = Derived() + Base()
r3 = Base() + Base()
print(r1, r2, r3)
