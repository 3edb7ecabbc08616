class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


def where(p):
    match p:
        case Point(0, 0):
            return "origin"
        case Point(x, 0):
            return f"x-axis {x}"
        case Point(x=0, y=y):
            return f"y-axis {y}"
        case Point():
            return "elsewhere"


print([where(p) for p in (Point(0, 0), Point(3, 0), Point(0, 4), Point(1, 1))])
