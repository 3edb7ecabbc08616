"""Logistic regression trained by hand with autograd on standardised features.

The features are standardised with per-sample statistics (``dim=1``) instead of per-feature ones,
so the (samples,) means do not broadcast against the (samples, features) matrix.
"""

import torch

samples, features = 200, 5
torch.manual_seed(0)
x = torch.randn(samples, features) * 3 + 1
labels = (x[:, 0] > 1).float()

x = (x - x.mean(dim=1)) / x.std(dim=0)  # BUG: per-feature statistics need dim=0
weights = torch.zeros(features, 1, requires_grad=True)
bias = torch.zeros(1, requires_grad=True)

for epoch in range(100):
    logits = (x @ weights + bias).squeeze(1)
    probabilities = torch.sigmoid(logits)
    loss = -(labels * probabilities.log() + (1 - labels) * (1 - probabilities).log()).mean()
    loss.backward()
    with torch.no_grad():
        weights -= 0.1 * weights.grad
        bias -= 0.1 * bias.grad
        weights.grad.zero_()
        bias.grad.zero_()

accuracy = ((probabilities > 0.5).float() == labels).float().mean()
print(f"accuracy {accuracy.item():.2f}")
