import numpy as np

x = np.array([1, 5, 3, 8])
mask = x > 2
count = int(mask.sum())
any_big = bool((x > 7).any())
all_pos = bool(np.all(x > 0))
selected = x[mask]
print(mask.shape, count, any_big, all_pos, selected.shape)
