import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

device = "cuda" if torch.cuda.is_available() else "cpu"
x = torch.randn(64, 4)
y = x.sum(dim=1, keepdim=True)
loader = DataLoader(TensorDataset(x, y), batch_size=8, shuffle=True)
model = nn.Linear(4, 1).to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
scaler = torch.cuda.amp.GradScaler(enabled=device == "cuda")

for epoch in range(2):
    for xb, yb in loader:
        xb, yb = xb.to(device), yb.to(device)
        optimizer.zero_grad()
        with torch.autocast(device_type=device, enabled=device == "cuda"):
            loss = nn.functional.mse_loss(model(xb), yb)
        scaler.scale(loss).backward()
        # clip the true gradients, not the scaled ones
        scaler.unscale_(optimizer)
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
    print(epoch, loss.item())
