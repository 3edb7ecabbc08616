class Tree:
    def __init__(self, value, children=()):
        self.value = value
        self.children = list(children)

    def walk(self):
        yield self.value
        for child in self.children:
            yield from child.walk()


tree = Tree(1, [Tree(2, [Tree(4)]), Tree(3)])
order = list(tree.walk())
print(order)
