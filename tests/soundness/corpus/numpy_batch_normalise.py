import numpy as np

batch = np.arange(24, dtype=np.float64).reshape(6, 4)
mean = batch.mean(axis=0)
std = batch.std(axis=0)
normalised = (batch - mean) / std
print(mean.shape, std.shape, normalised.shape)
