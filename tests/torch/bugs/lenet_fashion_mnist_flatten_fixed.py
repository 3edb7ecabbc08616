"""Fixed twin of ``lenet_fashion_mnist_flatten.py`` (the fix: the last sentence below).

The book's LeNet with its first fully connected layer sized for 32x32 inputs, fed 28x28
Fashion-MNIST images.

Rebuilt from https://github.com/ShusenTang/Dive-into-DL-PyTorch/pull/61 (the pull request
changing ``nn.Linear(16*4*4, 120)`` to ``nn.Linear(16*5*5, 120)``, with the maintainer's answer
that the book's inputs are 28x28, so the convolutions leave 16 maps of 4x4). The model is an
``nn.Sequential`` of convolutions and one of linear layers, joined by
``feature.view(img.shape[0], -1)``. Fixed twin: ``16*4*4``.
"""

import torch
from torch import nn


class LeNet(nn.Module):
    def __init__(self):
        super(LeNet, self).__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, 6, 5),
            nn.Sigmoid(),
            nn.MaxPool2d(2, 2),
            nn.Conv2d(6, 16, 5),
            nn.Sigmoid(),
            nn.MaxPool2d(2, 2),
        )
        self.fc = nn.Sequential(
            nn.Linear(16 * 4 * 4, 120),
            nn.Sigmoid(),
            nn.Linear(120, 84),
            nn.Sigmoid(),
            nn.Linear(84, 10),
        )

    def forward(self, img):
        feature = self.conv(img)
        output = self.fc(feature.view(img.shape[0], -1))
        return output


net = LeNet()
X = torch.rand(256, 1, 28, 28)
print(net(X).shape)
