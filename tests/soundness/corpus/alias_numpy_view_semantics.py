import numpy as np

base = np.zeros((2, 3))
row = base[0]
row[1] = 5.0
copy = base.copy()
copy[0, 0] = 7.0
total = float(base.sum())
print(total, float(copy.sum()), base.shape, row.shape)
