"""A CNN trained with automatic mixed precision: bfloat16 autocast on the CPU, a GradScaler
(active only with CUDA), gradients unscaled and clipped before the scaled step."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(11)
use_cuda = torch.cuda.is_available()
device = torch.device("cuda" if use_cuda else "cpu")
images = torch.randn(120, 1, 12, 12)
labels = (images.mean(dim=(1, 2, 3)) > 0).long()


class SmallConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 4, kernel_size=3)
        self.fc = nn.Linear(4 * 5 * 5, 2)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv(x)), 2)
        return self.fc(torch.flatten(x, 1))


model = SmallConvNet().to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
scaler = torch.cuda.amp.GradScaler(enabled=use_cuda)
train_loader = DataLoader(TensorDataset(images, labels), batch_size=10, shuffle=True)

for epoch in range(2):
    model.train()
    running = 0.0
    for inputs, targets in train_loader:
        inputs, targets = inputs.to(device), targets.to(device)
        optimizer.zero_grad()
        with torch.autocast(device_type=device.type, dtype=torch.bfloat16):
            loss = F.cross_entropy(model(inputs), targets)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=2.0)
        scaler.step(optimizer)
        scaler.update()
        running += loss.item()
    print(f"epoch {epoch} loss {running / len(train_loader):.4f} scale {scaler.get_scale()}")
