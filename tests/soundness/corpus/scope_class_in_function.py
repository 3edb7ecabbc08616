def factory(base):
    class Made:
        offset = base

        def value(self):
            return self.offset * 2

    return Made


Ten = factory(5)
Two = factory(1)
v1 = Ten().value()
v2 = Two().value()
same = Ten is Two
print(v1, v2, same)
