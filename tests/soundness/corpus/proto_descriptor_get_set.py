class Positive:
    def __set_name__(self, owner, name):
        self.name = "_" + name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return getattr(obj, self.name, 0)

    def __set__(self, obj, value):
        setattr(obj, self.name, max(0, value))


class Account:
    balance = Positive()


acc = Account()
before = acc.balance
acc.balance = -5
clipped = acc.balance
acc.balance = 12
print(before, clipped, acc.balance, type(Account.balance).__name__)
