import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def train_epoch(model, loader, optimizer, scaler):
    model.train()
    for xb, yb in loader:
        optimizer.zero_grad()
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            loss = nn.functional.cross_entropy(model(xb), yb)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
    return loss.item()


data = TensorDataset(torch.randn(96, 8), torch.randint(0, 3, (96,)))
train_loader = DataLoader(data, batch_size=16, shuffle=True)
net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
optimizer = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
scaler = torch.amp.GradScaler("cpu", enabled=False)
for epoch in range(3):
    print(f"epoch {epoch}: loss {train_epoch(net, train_loader, optimizer, scaler):.4f}")
