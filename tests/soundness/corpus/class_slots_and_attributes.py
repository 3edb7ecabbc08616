class Slotted:
    __slots__ = ("x",)

    def __init__(self, x):
        self.x = x


s = Slotted(4)
try:
    s.y = 1
    outcome = "set"
except AttributeError:
    outcome = "refused"
print(s.x, outcome)
