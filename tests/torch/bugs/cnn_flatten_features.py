"""A two-block MNIST CNN whose output layer is sized for the wrong flattened map.

Rebuilt from https://androidkt.com/fix-runtimeerror-mat1-and-mat2-shapes-cannot-be-multiplied/
("mat1 and mat2 shapes cannot be multiplied (2x1568 and 1050x10)": conv blocks in
``nn.Sequential``, ``x.view(x.size(0), -1)`` then ``nn.Linear(1050, 10)`` on 1x28x28 images).
Fixed twin: ``nn.Linear(32 * 7 * 7, 10)``.
"""

import torch
import torch.nn as nn


class CNN(nn.Module):
    def __init__(self):
        super(CNN, self).__init__()
        self.conv1 = nn.Sequential(
            nn.Conv2d(in_channels=1, out_channels=16, kernel_size=5, stride=1, padding=2),
            nn.ReLU(),
            nn.MaxPool2d(kernel_size=2),
        )
        self.conv2 = nn.Sequential(
            nn.Conv2d(16, 32, 5, 1, 2),
            nn.ReLU(),
            nn.MaxPool2d(2),
        )
        self.out = nn.Linear(1050, 10)

    def forward(self, x):
        x = self.conv1(x)
        x = self.conv2(x)
        x = x.view(x.size(0), -1)
        output = self.out(x)  # BUG
        return output, x


cnn = CNN()
output, _ = cnn(torch.randn(2, 1, 28, 28))
print(output.shape)
