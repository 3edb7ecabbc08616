class Animal:
    def __init__(self, name, legs=4):
        self.name = name
        self.legs = legs


class Bird(Animal):
    def __init__(self, name):
        super(Bird, self).__init__(name, legs=2)
        self.flies = True


b = Bird("tweety")
print(b.name, b.legs, b.flies, isinstance(b, Animal))
