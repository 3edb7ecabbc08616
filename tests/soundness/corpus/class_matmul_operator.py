class Matrix:
    def __init__(self, rows):
        self.rows = rows

    def __matmul__(self, other):
        cols = list(zip(*other.rows))
        return Matrix([[sum(a * b for a, b in zip(row, col)) for col in cols] for row in self.rows])


m = Matrix([[1, 2], [3, 4]])
product = (m @ Matrix([[1, 0], [0, 1]])).rows
square = (m @ m).rows
print(product, square)
