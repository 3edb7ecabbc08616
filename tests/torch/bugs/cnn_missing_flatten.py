"""A three-block CNN whose ``forward`` skips the last block and the flatten before its head.

Rebuilt from https://blog.csdn.net/Learn_signal/article/details/126722129 ("mat1 and mat2 shapes
cannot be multiplied (5760x6 and 128x4)": ``conv1``..``conv3`` as ``nn.Sequential`` blocks,
``nn.Linear(128, 4)``, a batch of 30 single-channel 24x24 images, ``forward`` applying
``conv1``, ``conv2`` then ``self.out``). Fixed twin: all three blocks and ``nn.Flatten()``.
"""

import torch
import torch.nn as nn


class CNN(nn.Module):
    def __init__(self):
        super(CNN, self).__init__()
        self.conv1 = nn.Sequential(
            nn.Conv2d(in_channels=1, out_channels=16, kernel_size=3, stride=1, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(kernel_size=2),
        )
        self.conv2 = nn.Sequential(
            nn.Conv2d(16, 32, 3, 1, 1),
            nn.ReLU(),
            nn.MaxPool2d(2),
        )
        self.conv3 = nn.Sequential(
            nn.Conv2d(32, 64, 2, 1, 1),
            nn.ReLU(),
            nn.MaxPool2d(2),
        )
        self.out = nn.Linear(128, 4)

    def forward(self, x):
        x = self.conv1(x)
        x = self.conv2(x)
        output = self.out(x)  # BUG
        return output


cnn = CNN()
print(cnn(torch.randn(30, 1, 24, 24)).shape)
