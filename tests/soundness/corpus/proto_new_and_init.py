class Singleton:
    _instance = None

    def __new__(cls, *args):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
            cls._instance.inits = 0
        return cls._instance

    def __init__(self, value):
        self.inits += 1
        self.value = value


a = Singleton(1)
b = Singleton(2)
print(a is b, a.value, a.inits)
