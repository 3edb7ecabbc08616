"""A two-layer network trained with hand-written backpropagation.

The gradient of the hidden layer multiplies by ``W2`` instead of its transpose: NumPy fails on the
first training step. ``tensorls check`` reports it before the script runs.
"""

import numpy as np

rng = np.random.default_rng(0)
X = rng.normal(size=(256, 20))
y = rng.integers(0, 4, size=256)
W1 = rng.normal(0.0, 0.1, size=(20, 64))
b1 = np.zeros(64)
W2 = rng.normal(0.0, 0.1, size=(64, 4))
b2 = np.zeros(4)
targets = np.eye(4)[y]

for epoch in range(20):
    hidden = np.maximum(X @ W1 + b1, 0.0)
    logits = hidden @ W2 + b2
    logits -= logits.max(axis=1, keepdims=True)
    probs = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    grad_logits = (probs - targets) / len(X)
    grad_W2 = hidden.T @ grad_logits
    grad_hidden = grad_logits @ W2  # BUG: should be W2.T
    grad_hidden[hidden <= 0] = 0.0
    W1 -= 0.05 * X.T @ grad_hidden
    W2 -= 0.05 * grad_W2
