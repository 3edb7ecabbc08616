import numpy as np

a = np.arange(24)
b = a.reshape(4, 6)
c = a.reshape((2, 3, 4))
d = a.reshape(-1, 8)
e = b.T
f = c.transpose(2, 0, 1)
g = b.flatten()
h = c.ravel()
print(b.shape, c.shape, d.shape, e.shape, f.shape, g.shape, h.shape)
