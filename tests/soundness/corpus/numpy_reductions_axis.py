import numpy as np

m = np.arange(12).reshape(3, 4)
s0 = m.sum(axis=0)
s1 = m.sum(axis=1)
total = m.sum()
mean = m.mean(axis=1, keepdims=True)
mx = np.max(m, axis=0)
arg = m.argmax(axis=1)
print(s0.shape, s1.shape, total, mean.shape, mx.shape, arg.shape)
