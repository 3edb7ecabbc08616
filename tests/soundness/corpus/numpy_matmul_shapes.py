import numpy as np

a = np.ones((5, 3))
b = np.ones((3, 2))
c = a @ b
d = np.dot(a, b)
v = np.ones(3)
av = a @ v
batch = np.ones((4, 5, 3)) @ np.ones((3, 6))
print(c.shape, d.shape, av.shape, batch.shape)
