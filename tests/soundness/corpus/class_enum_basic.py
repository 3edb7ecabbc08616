import enum


class Colour(enum.Enum):
    RED = 1
    GREEN = 2


c = Colour.RED
name = c.name
value = Colour(2).value
members = [m.name for m in Colour]
print(name, value, members, c is Colour.RED)
