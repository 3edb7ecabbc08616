import numpy as np


def layer(inputs, units):
    w = np.ones((inputs.shape[1], units))
    return inputs @ w


x = np.ones((8, 4))
h1 = layer(x, 16)
h2 = layer(h1, 2)
print(h1.shape, h2.shape)
