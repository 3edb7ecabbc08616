class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __eq__(self, other):
        return isinstance(other, Point) and (self.x, self.y) == (other.x, other.y)

    def __hash__(self):
        return hash((self.x, self.y))


p, q = Point(1, 2), Point(1, 2)
equal = p == q
identical = p is q
unique = len({p, q})
not_equal = p != Point(2, 1)
print(equal, identical, unique, not_equal)
