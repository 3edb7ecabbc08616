"""Fixed twin of ``senet_block_channels.py`` (the fix: the last sentence below).

A squeeze-and-excitation block built for 64 channels inside a bottleneck whose output has
256 (``planes * expansion``).

Rebuilt from https://github.com/moskomule/senet.pytorch/issues/35 ("size mismatch, m1: [1 x
256], m2: [64 x 4]" in ``SELayer.forward``'s ``self.fc(y)``: global average pooling,
``view(b, c)``, a ``Linear(c, c // r)``/``ReLU``/``Linear``/``Sigmoid`` gate and
``view(b, c, 1, 1)``). Fixed twin: ``SELayer(planes * 4, reduction)``.
"""

import torch
from torch import nn


class SELayer(nn.Module):
    def __init__(self, channel, reduction=16):
        super(SELayer, self).__init__()
        self.avg_pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Sequential(
            nn.Linear(channel, channel // reduction, bias=False),
            nn.ReLU(inplace=True),
            nn.Linear(channel // reduction, channel, bias=False),
            nn.Sigmoid(),
        )

    def forward(self, x):
        b, c, _, _ = x.size()
        y = self.avg_pool(x).view(b, c)
        y = self.fc(y).view(b, c, 1, 1)
        return x * y.expand_as(x)


class SEBottleneck(nn.Module):
    expansion = 4

    def __init__(self, inplanes, planes, reduction=16):
        super(SEBottleneck, self).__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, kernel_size=1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, kernel_size=3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.conv3 = nn.Conv2d(planes, planes * 4, kernel_size=1, bias=False)
        self.bn3 = nn.BatchNorm2d(planes * 4)
        self.relu = nn.ReLU(inplace=True)
        self.se = SELayer(planes * 4, reduction)

    def forward(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        out = self.se(out)
        return self.relu(out + x)


block = SEBottleneck(256, 64)
block.eval()
print(block(torch.randn(1, 256, 14, 14)).shape)
