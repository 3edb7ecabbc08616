"""SuperPoint's VGG-style backbone, whose first convolution takes one grayscale channel, trained
on a batch of 120x160 images without the channel dim.

Rebuilt from https://github.com/shaofengzeng/SuperPoint-Pytorch/issues/2 ("Expected 4-dimensional
input for 4-dimensional weight [64, 1, 3, 3], but got 3-dimensional input of size [16, 120,
160]"): the repository's first block (two 3x3 convolutions with batch norm and ReLU, 2x2 max
pooling) on a batch of 16 images; torch 2 takes the 3-D batch as one image of 16 channels.
Fixed twin: the batch with ``unsqueeze(1)``.
"""

import torch
import torch.nn as nn


class VGGBackboneBN(nn.Module):
    def __init__(self, channels=(64, 64, 64, 64, 128, 128, 128, 128)):
        super(VGGBackboneBN, self).__init__()
        self.block1_1 = nn.Sequential(
            nn.Conv2d(1, channels[0], kernel_size=3, stride=1, padding=1),
            nn.ReLU(inplace=True),
            nn.BatchNorm2d(channels[0]),
        )
        self.block1_2 = nn.Sequential(
            nn.Conv2d(channels[0], channels[1], kernel_size=3, stride=1, padding=1),
            nn.ReLU(inplace=True),
            nn.BatchNorm2d(channels[1]),
            nn.MaxPool2d(kernel_size=2, stride=2),
        )

    def forward(self, x):
        out = self.block1_1(x)  # BUG
        out = self.block1_2(out)
        return out


backbone = VGGBackboneBN()
raw = torch.rand(16, 120, 160)
print(backbone(raw).shape)
