row = [0, 0]
grid = [row] * 3
grid[0][0] = 1
independent = [[0, 0] for _ in range(3)]
independent[0][0] = 1
print(grid, independent)
