class Temp:
    def __init__(self, c):
        self.c = c

    def __format__(self, spec):
        if spec == "f":
            return f"{self.c * 9 / 5 + 32:.1f}F"
        return f"{self.c}C"


t = Temp(100)
print(f"{t}", f"{t:f}", format(t, "f"), "{0:f}".format(t))
