import numpy as np

weights = np.zeros((3, 2))
for step in range(5):
    gradient = np.ones((3, 2)) * step
    weights = weights - 0.1 * gradient
history = []
for _ in range(3):
    history.append(weights.sum(axis=0))
stacked = np.stack(history)
print(weights.shape, stacked.shape)
