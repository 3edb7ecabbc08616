import numpy as np


def softmax(logits):
    shifted = logits - logits.max(axis=-1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=-1, keepdims=True)


probabilities = softmax(np.ones((5, 10)))
row_sum = float(probabilities[0].sum())
print(probabilities.shape, round(row_sum, 6))
