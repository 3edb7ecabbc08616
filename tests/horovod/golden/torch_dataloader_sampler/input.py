import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

x = torch.randn(64, 4)
y = x.sum(dim=1, keepdim=True)
dataset = TensorDataset(x, y)
# the training batches
loader = DataLoader(dataset, batch_size=8, shuffle=True)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for epoch in range(2):
    for xb, yb in loader:
        optimizer.zero_grad()
        loss = ((model(xb) - yb) ** 2).mean()
        loss.backward()
        optimizer.step()
    print(epoch, loss.item())
