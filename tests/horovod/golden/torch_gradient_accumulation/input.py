import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

ACCUMULATION_STEPS = 4
x = torch.randn(128, 6)
y = (x[:, :1] > 0).float()
loader = DataLoader(TensorDataset(x, y), batch_size=4, shuffle=True)
model = nn.Sequential(nn.Linear(6, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
criterion = nn.BCEWithLogitsLoss()

for epoch in range(2):
    optimizer.zero_grad()
    for step, (xb, yb) in enumerate(loader):
        loss = criterion(model(xb), yb) / 4
        loss.backward()
        if (step + 1) % 4 == 0 or step + 1 == len(loader):
            optimizer.step()
            optimizer.zero_grad()
    print("epoch", epoch, "loss", loss.item())
