import numpy as np

rng = np.random.default_rng(0)
a = rng.normal(size=(3, 4))
b = rng.integers(0, 10, size=5)
c = np.random.rand(2, 3)
d = rng.uniform(0, 1, (2, 2))
print(a.shape, b.shape, c.shape, d.shape)
