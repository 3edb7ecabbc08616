"""A GRU regressor with gradient-norm clipping; per-epoch losses written to a CSV file."""

import torch
import torch.nn as nn
from torch.nn.utils import clip_grad_norm_
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(6)
series = torch.cumsum(torch.randn(150, 10, 1) * 0.1, dim=1)
next_values = series[:, -1, :] + 0.05


class Forecaster(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(1, 12, batch_first=True)
        self.out = nn.Linear(12, 1)

    def forward(self, x):
        output, _ = self.gru(x)
        return self.out(output[:, -1])


model = Forecaster()
optimizer = torch.optim.AdamW(model.parameters(), lr=0.01, weight_decay=0.01)
train_loader = DataLoader(TensorDataset(series, next_values), batch_size=15, shuffle=True)
history = []

for epoch in range(2):
    epoch_loss = 0.0
    for batch, target in train_loader:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(batch), target)
        loss.backward()
        clip_grad_norm_(model.parameters(), max_norm=0.5)
        optimizer.step()
        epoch_loss += loss.item()
    history.append(epoch_loss)

with open("losses.csv", "w") as stream:
    for epoch, value in enumerate(history):
        stream.write(f"{epoch},{value:.5f}\n")
print("final loss", history[-1])
