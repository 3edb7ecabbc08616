import numpy as np

a = np.arange(10)
b = np.arange(2, 10, 2)
c = np.arange(0.0, 1.0, 0.25)
d = np.linspace(0, 1, 7)
e = np.zeros_like(a)
f = np.ones_like(d, dtype=int)
print(a.shape, b.shape, c.shape, d.shape, e.shape, f.shape)
