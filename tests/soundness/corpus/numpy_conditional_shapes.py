import numpy as np


def make(flag):
    if flag:
        return np.zeros((2, 3))
    return np.zeros((2, 5))


a = make(True)
b = make(False)
first_dim = [make(f).shape[0] for f in (True, False)]
print(a.shape, b.shape, first_dim)
