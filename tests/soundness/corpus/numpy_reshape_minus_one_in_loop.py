import numpy as np

data = np.arange(48)
shapes = []
for rows in (2, 3, 4, 6):
    shapes.append(data.reshape(rows, -1).shape)
cube = data.reshape(2, -1, 4)
print(shapes, cube.shape)
