class Named:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return f"Named({self.name!r})"

    def __str__(self):
        return self.name.upper()


n = Named("ada")
texts = (str(n), repr(n), f"{n}", f"{n!r}", [n].__repr__())
print(texts)
