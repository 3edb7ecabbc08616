"""Training with names imported from torch, never `import torch` itself."""
from torch import nn, optim, randn

model = nn.Linear(5, 1)
sgd = optim.SGD(params=model.parameters(), lr=0.05)
for _ in range(2):
    sgd.zero_grad()
    model(randn(3, 5)).mean().backward()
    sgd.step()
