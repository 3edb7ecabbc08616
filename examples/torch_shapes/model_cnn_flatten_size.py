"""A small CNN for 28x28 grayscale digits, trained from a DataLoader.

The bug: the first fully connected layer is sized for the 28x28 input (7 * 7 after two poolings
would need padded convolutions), but the unpadded 5x5 convolutions leave 4x4 maps.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset


class DigitNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 5)
        self.conv2 = nn.Conv2d(8, 16, 5)
        self.pool = nn.MaxPool2d(2)
        self.fc1 = nn.Linear(16 * 7 * 7, 64)
        self.fc2 = nn.Linear(64, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = x.view(x.size(0), -1)
        x = F.relu(self.fc1(x))  # BUG
        return self.fc2(x)


images = torch.randn(256, 1, 28, 28)
digits = torch.randint(0, 10, (256,))
loader = DataLoader(TensorDataset(images, digits), batch_size=64, shuffle=True)
model = DigitNet()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for batch, labels in loader:
    optimizer.zero_grad()
    loss = F.cross_entropy(model(batch), labels)
    loss.backward()
    optimizer.step()
