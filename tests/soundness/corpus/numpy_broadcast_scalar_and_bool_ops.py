import numpy as np

x = np.arange(6).reshape(2, 3)
doubled = 2 * x
shifted = x - x.mean()
flags = (x > 2) & (x < 5)
inverted = ~flags
count = int(flags.sum())
as_float = x.astype(float) / 3
print(doubled.shape, shifted.shape, flags.dtype.name, inverted.shape, count, as_float.dtype.name)
