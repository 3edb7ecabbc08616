"""Realistic NumPy ML programs, each clean and with one injected shape bug.

Every program runs under real NumPy in a fraction of a second. ``Injection`` replaces one exact
snippet; the buggy program must fail at ``line`` (1-based) with the exception NumPy raises.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Injection:
    old: str
    new: str
    line: int
    code: str


@dataclass(frozen=True)
class Program:
    name: str
    source: str
    bugs: tuple[Injection, ...]

    def with_bug(self, bug: Injection) -> str:
        assert self.source.count(bug.old) == 1, bug.old
        return self.source.replace(bug.old, bug.new)


MLP = Program(
    "mlp",
    """import numpy as np

rng = np.random.default_rng(0)
n_samples, n_features, n_hidden, n_classes = 64, 10, 32, 3
X = rng.normal(size=(n_samples, n_features))
y = rng.integers(0, n_classes, size=n_samples)
W1 = rng.normal(0.0, 0.1, size=(n_features, n_hidden))
b1 = np.zeros(n_hidden)
W2 = rng.normal(0.0, 0.1, size=(n_hidden, n_classes))
b2 = np.zeros(n_classes)


def relu(z):
    return np.maximum(z, 0.0)


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


for epoch in range(5):
    h = relu(X @ W1 + b1)
    p = softmax(h @ W2 + b2)
    onehot = np.eye(n_classes)[y]
    grad_out = (p - onehot) / n_samples
    grad_W2 = h.T @ grad_out
    grad_b2 = grad_out.sum(axis=0)
    grad_h = grad_out @ W2.T
    grad_h[h <= 0] = 0.0
    grad_W1 = X.T @ grad_h
    grad_b1 = grad_h.sum(axis=0)
    W1 -= 0.1 * grad_W1
    b1 -= 0.1 * grad_b1
    W2 -= 0.1 * grad_W2
    b2 -= 0.1 * grad_b2

accuracy = (p.argmax(axis=1) == y).mean()
""",
    (
        Injection("grad_h = grad_out @ W2.T", "grad_h = grad_out @ W2", 30, "shape-matmul"),
        Injection("b1 = np.zeros(n_hidden)", "b1 = np.zeros(n_features)", 24, "shape-broadcast"),
    ),
)

SOFTMAX_REGRESSION = Program(
    "softmax_regression",
    """import numpy as np

rng = np.random.default_rng(1)
X = rng.normal(size=(120, 5))
labels = rng.integers(0, 4, size=120)
Y = np.zeros((120, 4))
Y[np.arange(120), labels] = 1.0
W = np.zeros((5, 4))
b = np.zeros(4)

for step in range(10):
    logits = X @ W + b
    logits -= logits.max(axis=1, keepdims=True)
    probs = np.exp(logits)
    probs /= probs.sum(axis=1, keepdims=True)
    loss = -np.mean(np.sum(Y * np.log(probs + 1e-9), axis=1))
    grad = X.T @ (probs - Y) / X.shape[0]
    W -= 0.5 * grad
    b -= 0.5 * (probs - Y).mean(axis=0)

predictions = np.argmax(X @ W + b, axis=1)
""",
    (
        Injection(
            "probs /= probs.sum(axis=1, keepdims=True)",
            "probs /= probs.sum(axis=1)",
            15,
            "shape-broadcast",
        ),
        Injection(
            "b -= 0.5 * (probs - Y).mean(axis=0)",
            "b -= 0.5 * (probs - Y).mean(axis=1)",
            19,
            "shape-broadcast",
        ),
    ),
)

KMEANS = Program(
    "kmeans",
    """import numpy as np

rng = np.random.default_rng(2)
points = rng.normal(size=(200, 2))
k = 3
centroids = points[rng.choice(200, size=k, replace=False)]

for iteration in range(8):
    distances = np.linalg.norm(points[:, None, :] - centroids[None, :, :], axis=2)
    assignment = distances.argmin(axis=1)
    for cluster in range(k):
        members = points[assignment == cluster]
        if members.shape[0] > 0:
            centroids[cluster] = members.mean(axis=0)

inertia = np.sum((points - centroids[assignment]) ** 2)
""",
    (
        Injection(
            "centroids[None, :, :], axis=2)",
            "centroids[None, :, :], axis=3)",
            9,
            "shape-axis",
        ),
        Injection(
            "members = points[assignment == cluster]",
            "members = points[:, assignment == cluster]",
            12,
            "shape-index",
        ),
    ),
)

PCA = Program(
    "pca",
    """import numpy as np

rng = np.random.default_rng(3)
data = rng.normal(size=(50, 6))
mean = data.mean(axis=0)
centered = data - mean
covariance = centered.T @ centered / (data.shape[0] - 1)
eigenvalues, eigenvectors = np.linalg.eigh(covariance)
order = np.argsort(eigenvalues)[::-1]
components = eigenvectors[:, order[:2]]
projected = centered @ components
reconstructed = projected @ components.T + mean
error = np.mean((data - reconstructed) ** 2)
U, S, Vt = np.linalg.svd(centered, full_matrices=False)
explained = S ** 2 / np.sum(S ** 2)
scores = U[:, :2] * S[:2]
""",
    (
        Injection(
            "reconstructed = projected @ components.T + mean",
            "reconstructed = projected @ components + mean",
            12,
            "shape-matmul",
        ),
        Injection("mean = data.mean(axis=0)", "mean = data.mean(axis=1)", 6, "shape-broadcast"),
    ),
)

ATTENTION = Program(
    "attention",
    """import numpy as np

rng = np.random.default_rng(4)
batch, seq_len, d_model, n_heads = 2, 8, 16, 4
d_head = d_model // n_heads
x = rng.normal(size=(batch, seq_len, d_model))
Wq = rng.normal(size=(d_model, d_model))
Wk = rng.normal(size=(d_model, d_model))
Wv = rng.normal(size=(d_model, d_model))
Wo = rng.normal(size=(d_model, d_model))


def split_heads(t):
    return t.reshape(batch, seq_len, n_heads, d_head).transpose(0, 2, 1, 3)


q = split_heads(x @ Wq)
k = split_heads(x @ Wk)
v = split_heads(x @ Wv)
scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d_head)
mask = np.triu(np.ones((seq_len, seq_len)), k=1).astype(bool)
scores = np.where(mask, -1e9, scores)
weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
weights = weights / weights.sum(axis=-1, keepdims=True)
context = weights @ v
merged = context.transpose(0, 2, 1, 3).reshape(batch, seq_len, d_model)
output = merged @ Wo
""",
    (
        Injection(
            "return t.reshape(batch, seq_len, n_heads, d_head)",
            "return t.reshape(batch, seq_len, n_heads, d_model)",
            14,
            "shape-reshape",
        ),
        Injection(
            "scores = q @ k.transpose(0, 1, 3, 2)",
            "scores = q @ k.transpose(0, 2, 1, 3)",
            20,
            "shape-broadcast",
        ),
    ),
)

CONVOLUTION = Program(
    "convolution",
    """import numpy as np

rng = np.random.default_rng(5)
image = rng.normal(size=(1, 3, 12, 12))
kernels = rng.normal(size=(4, 3, 3, 3))
bias = np.zeros(4)
n, c, h, w = image.shape
out_channels, _, kh, kw = kernels.shape
padded = np.pad(image, ((0, 0), (0, 0), (1, 1), (1, 1)))
out = np.zeros((n, out_channels, h, w))
for i in range(h):
    for j in range(w):
        patch = padded[:, :, i:i + kh, j:j + kw]
        out[:, :, i, j] = np.tensordot(patch, kernels, axes=([1, 2, 3], [1, 2, 3])) + bias
activated = np.maximum(out, 0.0)
pooled = activated.reshape(n, out_channels, h // 2, 2, w // 2, 2).max(axis=(3, 5))
flat = pooled.reshape(n, -1)
dense = rng.normal(size=(out_channels * (h // 2) * (w // 2), 10))
logits = flat @ dense
""",
    (
        Injection(
            "dense = rng.normal(size=(out_channels * (h // 2) * (w // 2), 10))",
            "dense = rng.normal(size=(out_channels * h * w, 10))",
            19,
            "shape-matmul",
        ),
        Injection("bias = np.zeros(4)", "bias = np.zeros(3)", 14, "shape-broadcast"),
    ),
)

PROGRAMS = (MLP, SOFTMAX_REGRESSION, KMEANS, PCA, ATTENTION, CONVOLUTION)
