import numpy as np

x = np.ones((4, 3))
row = np.arange(3)
col = np.ones((4, 1))
s1 = x + row
s2 = x * col
s3 = row + col
s4 = x - 1
print(s1.shape, s2.shape, s3.shape, s4.shape)
