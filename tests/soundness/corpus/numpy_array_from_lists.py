import numpy as np

a = np.array([[1, 2, 3], [4, 5, 6]])
b = np.array([1.0, 2.0])
c = np.array(5)
d = np.asarray([[True], [False]])
e = np.array([])
print(a.shape, a.dtype.name, b.shape, c.shape, c.ndim, d.shape, e.shape)
