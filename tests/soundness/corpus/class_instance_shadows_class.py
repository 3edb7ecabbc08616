class Thing:
    size = 1

    def grow(self):
        self.size = self.size + 1
        return self.size


t = Thing()
g1 = t.grow()
g2 = t.grow()
class_size = Thing.size
print(g1, g2, class_size)
