"""Realistic tensor-level PyTorch programs against real PyTorch 2.13, each clean and with an
injected shape bug: an MLP forward pass with hand-held weights, multi-head attention, a training
loop with autograd, k-means assignment, a hand-written cross-entropy, positional encodings, image
normalisation, sequence padding and batching. The bugs must be reported where PyTorch raises,
with its message; the clean programs must give PyTorch's result shape and dtype, silently."""

from __future__ import annotations

import pytest

from .oracle import TORCH, Case, check

MLP = """
x = torch.randn(64, 784)
w1 = torch.randn(784, 256) * 0.01
b1 = torch.zeros(256)
w2 = torch.randn({inner}, 10) * 0.01
b2 = torch.zeros(10)
hidden = torch.relu(x @ w1 + b1)
result = hidden @ w2 + b2
"""

ATTENTION = """
batch, seq, heads, dim = 2, 5, 4, 8
x = torch.randn(batch, seq, heads * dim)
wq = torch.randn(heads * dim, heads * dim)
wk = torch.randn(heads * dim, heads * dim)
wv = torch.randn(heads * dim, heads * dim)
def split(t):
    return t.view(batch, seq, heads, dim).transpose(1, 2)
q, k, v = split(x @ wq), split(x @ wk), split(x @ wv)
scores = q @ k.transpose({dims}) / dim ** 0.5
mask = torch.triu(torch.ones(seq, seq, dtype=torch.bool), diagonal=1)
weights = scores.masked_fill(mask, float('-inf')).softmax(dim=-1)
context = (weights @ v).transpose(1, 2).reshape(batch, seq, heads * dim)
result = context
"""

TRAINING = """
x = torch.randn(100, 3)
y = x @ torch.tensor([[1.0], [2.0], [-1.0]]) + 0.5
w = torch.zeros({rows}, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for step in range(20):
    prediction = x @ w + b
    loss = ((prediction - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        b -= 0.1 * b.grad
        w.grad.zero_()
        b.grad.zero_()
result = prediction
"""

KMEANS = """
points = torch.randn(50, 2)
centroids = points[:{count}]
for _ in range(5):
    distances = ((points.unsqueeze(1) - centroids.unsqueeze({axis})) ** 2).sum(-1)
    assignment = distances.argmin(dim=1)
    centroids = torch.stack([points[assignment == c].mean(0) for c in range(3)])
result = assignment
"""

CROSS_ENTROPY = """
logits = torch.randn(32, 10)
targets = torch.randint(0, 10, ({batch},))
log_probs = logits - logits.logsumexp(dim=1, keepdim=True)
picked = log_probs.gather(1, targets.unsqueeze(1)).squeeze(1)
result = -picked.mean()
"""

POSITIONAL = """
length, width = 16, 12
position = torch.arange(length).unsqueeze(1).float()
frequency = torch.exp(torch.arange(0, width, 2).float() * (-4.0 / width))
angles = position * frequency
encoding = torch.stack([angles.sin(), angles.cos()], dim=-1).flatten(1)
tokens = torch.randn(4, length, {width})
result = tokens + encoding
"""

IMAGES = """
images = torch.rand(8, 28, 28, 3)
channels_first = images.permute(0, 3, 1, 2)
mean = channels_first.mean(dim=(0, 2, 3))
std = channels_first.std(dim=(0, 2, 3))
normalised = (channels_first - mean.view({view})) / std.view(1, 3, 1, 1)
result = normalised.flatten(1)
"""

PADDING = """
lengths = [3, 5, 2]
sequences = [torch.randn(n, 4) for n in lengths]
longest = 5
padded = [torch.cat([s, torch.zeros(longest - s.size(0), {features})]) for s in sequences]
result = torch.stack(padded)
"""

BATCHES = """
data = torch.randn(96, 20)
labels = torch.randint(0, 3, (96,))
weights = torch.randn(20, 3)
correct = 0
for inputs, targets in zip(data.split(32), labels.split({size})):
    scores = inputs @ weights
    correct = correct + (scores.argmax(1) == targets).sum()
result = correct
"""

ONE_HOT = """
labels = torch.tensor([0, 2, 1, 2])
one_hot = torch.zeros(4, {classes})
one_hot[torch.arange(4), labels] = 1.0
probabilities = torch.softmax(torch.randn(4, 3), dim=1)
result = (one_hot * probabilities.log()).sum(dim=1)
"""

BODIES = {
    "mlp": MLP.format(inner=256),
    "mlp-bug": MLP.format(inner=128),
    "attention": ATTENTION.format(dims="-2, -1"),
    "attention-bug": ATTENTION.format(dims="1, 2"),
    "training": TRAINING.format(rows=3),
    "training-bug": TRAINING.format(rows=4),
    "kmeans": KMEANS.format(count=3, axis=0),
    "cross-entropy": CROSS_ENTROPY.format(batch=32),
    "cross-entropy-bug": CROSS_ENTROPY.format(batch=64),
    "positional": POSITIONAL.format(width=12),
    "positional-bug": POSITIONAL.format(width=10),
    "images": IMAGES.format(view="1, 3, 1, 1"),
    "images-bug": IMAGES.format(view="1, 1, 1, 3"),
    "padding": PADDING.format(features=4),
    "padding-bug": PADDING.format(features=3),
    "batches": BATCHES.format(size=32),
    "one-hot": ONE_HOT.format(classes=3),
    "one-hot-bug": ONE_HOT.format(classes=4),
    "kmeans-bug": KMEANS.format(count=3, axis=1),
    "batches-bug": BATCHES.format(size=48),
}

CASES = Case.cases_of(BODIES)


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
