import numpy as np

rng = np.random.default_rng(1)
x = rng.normal(size=(32, 784))
w1 = rng.normal(size=(784, 128))
b1 = np.zeros(128)
w2 = rng.normal(size=(128, 10))
hidden = np.maximum(x @ w1 + b1, 0)
logits = hidden @ w2
predictions = logits.argmax(axis=1)
print(hidden.shape, logits.shape, predictions.shape)
