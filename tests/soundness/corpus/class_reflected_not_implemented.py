class Left:
    def __mul__(self, other):
        return NotImplemented


class Right:
    def __rmul__(self, other):
        return "right handled"


r = Left() * Right()
try:
    Left() * Left()
    failure = None
except TypeError:
    failure = "TypeError"
print(r, failure)
