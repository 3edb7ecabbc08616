"""Save a checkpoint every epoch, then reload the last one to evaluate (checkpoint save/load).

The checkpoints go next to this script, where every rank of a test run finds them."""

import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(4)
features = torch.randn(200, 5)
targets = features @ torch.tensor([1.0, -2.0, 0.5, 0.0, 3.0]) + 0.1 * torch.randn(200)
loader = DataLoader(TensorDataset(features, targets.unsqueeze(1)), batch_size=25, shuffle=True)

model = nn.Linear(5, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
loss_fn = nn.MSELoss()
CHECKPOINTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "checkpoints")
os.makedirs(CHECKPOINTS, exist_ok=True)

for epoch in range(3):
    for x, y in loader:
        optimizer.zero_grad()
        loss = loss_fn(model(x), y)
        loss.backward()
        optimizer.step()
    torch.save(
        {"epoch": epoch, "model": model.state_dict(), "optimizer": optimizer.state_dict()},
        os.path.join(CHECKPOINTS, f"epoch_{epoch}.pt"),
    )
    print(f"epoch {epoch}: loss {loss.item():.4f}")

state = torch.load(os.path.join(CHECKPOINTS, "epoch_2.pt"))
model.load_state_dict(state["model"])
print(
    "reloaded epoch", state["epoch"], "mse", loss_fn(model(features), targets.unsqueeze(1)).item()
)
