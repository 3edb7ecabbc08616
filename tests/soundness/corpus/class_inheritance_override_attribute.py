class Shape:
    sides = 0

    def describe(self):
        return f"{type(self).__name__} with {self.sides} sides"


class Triangle(Shape):
    sides = 3


class Square(Shape):
    sides = 4

    def describe(self):
        return "square: " + super().describe()


descriptions = [s.describe() for s in (Shape(), Triangle(), Square())]
print(descriptions)
