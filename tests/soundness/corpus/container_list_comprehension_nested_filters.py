matrix = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
transposed = [[row[i] for row in matrix] for i in range(3)]
evens = [x for row in matrix for x in row if x % 2 == 0 if x > 2]
diagonal = [matrix[i][i] for i in range(len(matrix))]
print(transposed, evens, diagonal)
