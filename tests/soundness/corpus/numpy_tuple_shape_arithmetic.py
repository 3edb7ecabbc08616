import numpy as np

a = np.zeros((6, 4))
rows, cols = a.shape
flat = np.zeros(rows * cols)
half = a.reshape(rows // 2, cols * 2)
shape_list = list(a.shape)
print(rows, cols, flat.shape, half.shape, shape_list)
