import numpy as np
from data import batches

W = np.zeros((32, 10))
for xb, _labels in batches(np.ones((100, 16)), np.ones((100,)), 10):
    out = xb @ W
