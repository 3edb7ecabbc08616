class Registering(type):
    names = []

    def __new__(mcs, name, bases, namespace):
        cls = super().__new__(mcs, name, bases, namespace)
        mcs.names.append(name)
        return cls


class Base(metaclass=Registering):
    pass


class Child(Base):
    kind = "child"


print(Registering.names, Child.kind, type(Child).__name__)
