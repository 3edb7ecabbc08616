class Base:
    def __lt__(self, other):
        return "Base.__lt__"

    def __gt__(self, other):
        return "Base.__gt__"


class Sub(Base):
    def __gt__(self, other):
        return "Sub.__gt__"


r1 = Base() < Sub()
r2 = Sub() < Base()
print(r1, r2)
