"""Multi-head self-attention over a batch of sequences.

Splitting into heads reshapes with the model width instead of the head width.
"""

import numpy as np

batch, seq_len, d_model, n_heads = 4, 16, 64, 8
d_head = d_model // n_heads
rng = np.random.default_rng(2)
x = rng.normal(size=(batch, seq_len, d_model))
Wq = rng.normal(size=(d_model, d_model))
Wk = rng.normal(size=(d_model, d_model))
Wv = rng.normal(size=(d_model, d_model))


def heads(t):
    return t.reshape(batch, seq_len, n_heads, d_model).transpose(0, 2, 1, 3)  # BUG: d_head


q, k, v = heads(x @ Wq), heads(x @ Wk), heads(x @ Wv)
scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d_head)
weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
weights /= weights.sum(axis=-1, keepdims=True)
context = (weights @ v).transpose(0, 2, 1, 3).reshape(batch, seq_len, d_model)
