"""NumPy input checks in the style of scikit-learn's ``_num_samples`` (sklearn/utils/validation.py:
``hasattr(x, "fit") and callable(x.fit)``, ``hasattr(x, "shape")``) and of data loaders'
``hasattr(x, "ndim") and x.ndim == 1`` reshapes, ``isinstance`` against ``(np.ndarray, np.generic)``
and ``type(x) is np.ndarray``, called with lists, tuples and arrays."""

import numpy as np


def num_samples(x):
    if hasattr(x, "fit") and callable(x.fit):
        raise TypeError("an estimator is not data")
    if hasattr(x, "shape"):
        if len(x.shape) == 0:
            raise TypeError("a 0-d array has no samples")
        return x.shape[0]
    return len(x)


def as_column(x):
    if hasattr(x, "ndim") and x.ndim == 1:
        return x.reshape(-1, 1)
    return np.asarray(x)


def to_list(v):
    if not isinstance(v, (np.ndarray, np.generic)):
        return list(v)
    return v.tolist()


def shape_of(x):
    if type(x) is np.ndarray:
        return x.T.shape
    if x.__class__ == tuple or type(x) == list:  # noqa: E721 (the idiom under test)
        return (len(x),)
    return x.shape


n = num_samples([[1.0, 2.0], [3.0, 4.0]])
m = num_samples(np.zeros((5, 3)))
a = as_column([[1.0, 2.0]])
b = as_column(np.arange(4.0))
c = to_list((1, 2, 3))
d = to_list(np.ones(3))
s = shape_of([1, 2, 3])
t = shape_of((1, 2))
u = shape_of(np.zeros((2, 5)))
