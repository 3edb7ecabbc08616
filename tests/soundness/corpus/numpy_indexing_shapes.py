import numpy as np

m = np.arange(20).reshape(4, 5)
r = m[1]
e = m[1, 2]
col = m[:, 0]
block = m[1:3, 2:]
stepped = m[::2, ::-1]
fancy = m[[0, 2]]
masked = m[m > 10]
new_axis = m[None, :, :]
ellipsis = m[..., 1]
print(r.shape, int(e), col.shape, block.shape, stepped.shape, fancy.shape, masked.shape, new_axis.shape, ellipsis.shape)
