class Node:
    def __init__(self):
        self.children = []


root = Node()
other = root
other.children.append(Node())
other.children[0].children.append(1)
depth = len(root.children[0].children)
root = Node()
still = len(other.children)
print(depth, still, len(root.children))
