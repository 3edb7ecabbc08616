"""Train a small image classifier on one device: the input of "Distribute with Horovod".

Synthetic 1x16x16 images (a bright bar whose orientation is the class), a DataLoader that
shuffles, Adam, a validation pass each epoch, the best weights saved next to this script and reloaded at the end.
"""

import os

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


def make_bars(count, seed):
    generator = torch.Generator().manual_seed(seed)
    images = torch.rand(count, 1, 16, 16, generator=generator) * 0.3
    labels = torch.randint(0, 2, (count,), generator=generator)
    for index, label in enumerate(labels.tolist()):
        position = int(torch.randint(2, 14, (1,), generator=generator))
        if label == 0:
            images[index, 0, position, :] += 1.0
        else:
            images[index, 0, :, position] += 1.0
    return TensorDataset(images, labels)


class BarNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 6, kernel_size=5)
        self.fc = nn.Linear(6 * 6 * 6, 2)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv(x)), 2)
        return self.fc(torch.flatten(x, 1))


torch.manual_seed(0)
train_loader = DataLoader(make_bars(256, seed=1), batch_size=32, shuffle=True)
val_loader = DataLoader(make_bars(64, seed=2), batch_size=64)

model = BarNet()
optimizer = torch.optim.Adam(model.parameters(), lr=0.005)
best_accuracy = 0.0
BEST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "best.pt")

for epoch in range(3):
    model.train()
    for images, labels in train_loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(images), labels)
        loss.backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        images, labels = next(iter(val_loader))
        accuracy = (model(images).argmax(dim=1) == labels).float().mean().item()
    print(f"epoch {epoch}: loss {loss.item():.4f}, validation accuracy {accuracy:.3f}")
    if accuracy >= best_accuracy:
        best_accuracy = accuracy
        torch.save(model.state_dict(), BEST)

model.load_state_dict(torch.load(BEST))
print("best validation accuracy", best_accuracy)
