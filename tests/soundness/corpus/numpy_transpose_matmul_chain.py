import numpy as np

a = np.ones((4, 3))
gram = a.T @ a
outer = a @ a.T
chained = a @ gram @ gram.T
vector = np.ones(4) @ a
print(gram.shape, outer.shape, chained.shape, vector.shape)
