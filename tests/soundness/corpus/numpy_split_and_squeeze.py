import numpy as np

a = np.arange(12).reshape(3, 4)
parts = np.split(a, 2, axis=1)
first = parts[0]
s = np.ones((1, 3, 1)).squeeze()
e = np.expand_dims(np.ones(3), 0)
print(len(parts), first.shape, s.shape, e.shape)
