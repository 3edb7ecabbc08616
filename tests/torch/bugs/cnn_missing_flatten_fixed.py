"""Fixed twin of ``cnn_missing_flatten.py``
(https://blog.csdn.net/Learn_signal/article/details/126722129): the three blocks, then a
flatten (64 channels of 3x3 maps: 576 features) before a head of that size."""

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
        self.flatten = nn.Flatten()
        self.out = nn.Linear(64 * 3 * 3, 4)

    def forward(self, x):
        x = self.conv1(x)
        x = self.conv2(x)
        x = self.conv3(x)
        output = self.out(self.flatten(x))
        return output


cnn = CNN()
print(cnn(torch.randn(30, 1, 24, 24)).shape)
