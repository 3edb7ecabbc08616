import numpy as np

a = np.zeros((3, 4))
b = np.ones((3, 4), dtype=np.int64)
c = np.empty(5)
d = np.full((2, 2), 7.0)
e = np.eye(3)
shapes = (a.shape, b.shape, c.shape, d.shape, e.shape, a.ndim, b.dtype.name, a.size)
print(shapes)
