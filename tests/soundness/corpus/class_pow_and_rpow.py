class Base2:
    def __rpow__(self, other):
        return other * 100

    def __pow__(self, other):
        return 2**other


b = Base2()
print(b**3, 3**b)
