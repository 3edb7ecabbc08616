"""Principal component analysis of any data matrix, with shapes named in hints.

The projection matrix gets one extra row: ``d + 1`` can never equal ``d``, whatever the data.
"""

import numpy as np
from tensorls.hints import NdArray


def pca(data: NdArray["n", "d"], n_components: int):
    n, d = data.shape
    centred = data - data.mean(axis=0)
    covariance = centred.T @ centred / (n - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    basis = np.zeros((d + 1, n_components))
    basis[:d] = eigenvectors[:, -n_components:]
    return centred @ basis  # BUG: basis has d + 1 rows


scores = pca(np.random.default_rng(3).normal(size=(100, 5)), 2)
