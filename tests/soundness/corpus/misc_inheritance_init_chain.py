class A:
    def __init__(self):
        self.trail = ["A"]


class B(A):
    def __init__(self):
        super().__init__()
        self.trail.append("B")


class C(B):
    pass


c = C()
print(c.trail, isinstance(c, A))
