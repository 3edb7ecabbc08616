import numpy as np

m = np.arange(30).reshape(5, 6)
half = m.shape[0] // 2
top = m[:half]
bottom = m[half:]
last_col = m[:, m.shape[1] - 1]
window = m[1 : 1 + 3, ::2]
print(top.shape, bottom.shape, last_col.shape, window.shape)
