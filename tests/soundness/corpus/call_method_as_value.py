class Greeter:
    def __init__(self, name):
        self.name = name

    def greet(self, other):
        return f"{self.name}->{other}"


g = Greeter("ann")
bound = g.greet
unbound = Greeter.greet
r1 = bound("bob")
r2 = unbound(g, "cy")
print(r1, r2, bound.__self__ is g)
