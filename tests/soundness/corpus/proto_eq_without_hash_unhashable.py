class Value:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v == other.v


try:
    {Value(1)}
    hashable = True
except TypeError:
    hashable = False
print(hashable, Value(1) == Value(1), Value.__hash__ is None)
