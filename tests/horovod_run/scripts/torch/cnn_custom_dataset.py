"""A small CNN over a custom map-style Dataset, Adam with its default rate, a validation loop."""

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class Shapes(Dataset):
    """Noisy 1x12x12 images whose class is the quadrant holding a bright square."""

    def __init__(self, count, seed):
        generator = torch.Generator().manual_seed(seed)
        self.images = torch.rand(count, 1, 12, 12, generator=generator) * 0.2
        self.labels = torch.randint(0, 4, (count,), generator=generator)
        for index, label in enumerate(self.labels.tolist()):
            row, col = divmod(label, 2)
            self.images[index, 0, row * 6 : row * 6 + 4, col * 6 : col * 6 + 4] += 1.0

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, index):
        return self.images[index], self.labels[index]


torch.manual_seed(1)
train_data = Shapes(160, seed=2)
val_data = Shapes(48, seed=3)
train_loader = DataLoader(train_data, batch_size=20, shuffle=True)
val_loader = DataLoader(val_data, batch_size=24)

model = nn.Sequential(
    nn.Conv2d(1, 4, kernel_size=3, padding=1),
    nn.ReLU(),
    nn.MaxPool2d(2),
    nn.Flatten(),
    nn.Linear(4 * 6 * 6, 4),
)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters())

for epoch in range(2):
    model.train()
    running = 0.0
    for inputs, targets in train_loader:
        optimizer.zero_grad()
        loss = criterion(model(inputs), targets)
        loss.backward()
        optimizer.step()
        running += loss.item()
    model.eval()
    correct = 0
    with torch.no_grad():
        for inputs, targets in val_loader:
            correct += (model(inputs).argmax(dim=1) == targets).sum().item()
    print(f"epoch {epoch}: train loss {running:.3f}, val accuracy {correct / len(val_data):.2f}")
