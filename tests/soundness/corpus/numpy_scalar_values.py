import numpy as np

a = np.arange(5)
total = a.sum()
as_int = int(total)
maximum = float(a.max())
item = a[2].item()
shape0 = a.shape[0]
length = len(a)
print(as_int, maximum, item, shape0, length, type(item).__name__)
