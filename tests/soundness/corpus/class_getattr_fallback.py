class Lazy:
    real = "present"

    def __getattr__(self, name):
        return "computed:" + name


obj = Lazy()
a = obj.real
b = obj.missing
has = hasattr(obj, "whatever")
print(a, b, has)
