class Bag:
    def __init__(self, **fields):
        for key, value in fields.items():
            setattr(self, key, value)


b = Bag(a=1, b="two")
attrs = sorted(vars(b))
a = getattr(b, "a")
missing = getattr(b, "c", None)
print(attrs, a, missing)
