class Base:
    def hello(self):
        return "base"


class Mixin:
    def hello(self):
        return "mixin"


class Combined(Mixin, Base):
    pass


class Other(Base, Mixin):
    pass


print(Combined().hello(), Other().hello())
