"""``type(x) is np.ndarray`` is unknown for an array (a subclass is possible) but false for a list:
the product in its branch is a real bug for the 3-D array."""

import numpy as np


def shape_of(x):
    if type(x) is np.ndarray:
        return (x @ x.T).shape  # BUG
    if x.__class__ == tuple or type(x) == list:  # noqa: E721 (the idiom under test)
        return (len(x),)
    return x.shape


s = shape_of([1, 2, 3])
u = shape_of(np.zeros((2, 5, 3)))
