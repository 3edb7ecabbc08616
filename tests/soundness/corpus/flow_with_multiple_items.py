class Tag:
    log = []

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        Tag.log.append("+" + self.name)
        return self.name

    def __exit__(self, *args):
        Tag.log.append("-" + self.name)
        return False


with Tag("a") as a, Tag("b") as b:
    inside = a + b
print(inside, Tag.log)
