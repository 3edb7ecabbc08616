class Grid:
    def __init__(self):
        self.cells = {}

    def __getitem__(self, key):
        return self.cells.get(key, 0)

    def __setitem__(self, key, value):
        self.cells[key] = value

    def __contains__(self, key):
        return key in self.cells


g = Grid()
g[1, 2] = 5
g[0, 0] += 3
v = g[1, 2]
missing = g[9, 9]
has = (0, 0) in g
print(v, missing, has, g[0, 0])
