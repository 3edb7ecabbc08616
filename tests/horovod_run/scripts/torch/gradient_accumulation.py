"""Gradient accumulation: the loss is divided by the number of accumulated batches, the optimizer
steps every third backward pass and on the epoch's last batch."""

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(13)
ACCUMULATE = 3
points = torch.randn(200, 5)
classes = (points[:, 0] * points[:, 1] > 0).long()
loader = DataLoader(TensorDataset(points, classes), batch_size=10, shuffle=True)
model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 2))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)

for epoch in range(3):
    model.train()
    optimizer.zero_grad()
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y) / ACCUMULATE
        loss.backward()
        if (i + 1) % ACCUMULATE == 0 or i + 1 == len(loader):
            optimizer.step()
            optimizer.zero_grad()
    print("epoch", epoch, "last loss", loss.item() * ACCUMULATE)
