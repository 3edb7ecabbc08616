import numpy as np

i = np.arange(4)
f = np.ones(4, dtype=np.float32)
b = np.array([True, False, True, False])
dtypes = ((i + f).dtype.name, (i * 2).dtype.name, (i / 2).dtype.name, (b + b).dtype.name, (i + 1.5).dtype.name, i.astype(np.float64).dtype.name)
print(dtypes)
