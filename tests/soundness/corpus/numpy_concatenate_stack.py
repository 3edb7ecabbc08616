import numpy as np

a = np.zeros((2, 3))
b = np.ones((4, 3))
c = np.concatenate([a, b])
d = np.concatenate([a, a], axis=1)
e = np.stack([a, a, a])
f = np.vstack([a, b])
g = np.hstack([a, a])
print(c.shape, d.shape, e.shape, f.shape, g.shape)
