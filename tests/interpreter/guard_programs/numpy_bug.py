"""``hasattr(x, "ndim")`` holds for an array: the reshape in its branch is a real bug."""

import numpy as np


def as_column(x):
    if hasattr(x, "ndim") and x.ndim == 1:
        return x.reshape(3, -1)  # BUG
    return np.asarray(x)


a = as_column([[1.0, 2.0]])
b = as_column(np.arange(4.0))
