"""One forward pass of the classifier over a batch: the shapes come from the other modules."""

import numpy as np

import data
from model import init_params, relu

images, labels = data.load_batch()
x = images.reshape(images.shape[0], -1)
w1, w2 = init_params()
hidden = relu(x @ w1)
logits = hidden @ w2  # BUG: model.py makes w2 (CLASSES, HIDDEN_UNITS), the transpose
probabilities = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
loss = -np.log(probabilities[np.arange(len(labels)), labels]).mean()
print(f"loss {loss:.3f}")
