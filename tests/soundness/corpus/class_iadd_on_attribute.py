class Box:
    def __init__(self):
        self.values = [0]
        self.count = 0


box = Box()
alias = box.values
box.values += [1]
box.count += 2
print(alias, box.values is alias, box.count)
