class Celsius:
    def __init__(self, degrees):
        self.degrees = degrees

    @classmethod
    def from_fahrenheit(cls, f):
        return cls((f - 32) * 5 // 9)


class Precise(Celsius):
    pass


c = Celsius.from_fahrenheit(212)
p = Precise.from_fahrenheit(32)
print(c.degrees, type(p).__name__, p.degrees)
