class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        if isinstance(other, Money):
            return Money(self.cents + other.cents)
        if isinstance(other, int):
            return Money(self.cents + other)
        return NotImplemented

    def __radd__(self, other):
        return self.__add__(other)


m1 = Money(5) + Money(7)
m2 = 3 + Money(1)
m3 = sum([Money(1), Money(2)], Money(0))
print(m1.cents, m2.cents, m3.cents)
