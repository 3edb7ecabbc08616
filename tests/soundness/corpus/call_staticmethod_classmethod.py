class Maths:
    factor = 3

    @staticmethod
    def double(x):
        return x * 2

    @classmethod
    def scaled(cls, x):
        return x * cls.factor


class Sub(Maths):
    factor = 5


values = (Maths.double(4), Maths().double(5), Maths.scaled(2), Sub.scaled(2), Sub().scaled(1))
print(values)
