"""MNIST-style MLP: flattened 8x8 "digits", a TensorDataset, shuffled batches, SGD with momentum."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
images = torch.rand(192, 1, 8, 8)
labels = (images.mean(dim=(1, 2, 3)) * 20).long() % 10

train_loader = DataLoader(TensorDataset(images, labels), batch_size=16, shuffle=True)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(64, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        x = torch.flatten(x, 1)
        return F.log_softmax(self.fc2(F.relu(self.fc1(x))), dim=1)


model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)

for epoch in range(1, 3):
    model.train()
    for batch_idx, (data, target) in enumerate(train_loader):
        optimizer.zero_grad()
        output = model(data)
        loss = F.nll_loss(output, target)
        loss.backward()
        optimizer.step()
        if batch_idx % 4 == 0:
            print(f"Train Epoch: {epoch} [{batch_idx * len(data)}] Loss: {loss.item():.6f}")
