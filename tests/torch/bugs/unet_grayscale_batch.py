"""A U-Net for one-channel images trained on a batch of grayscale images stacked without their
channel dim.

Rebuilt from https://github.com/milesial/Pytorch-UNet/issues/71 ("Expected 4-dimensional input
for 4-dimensional weight 64 1 3, but got 3-dimensional input of size [15, 224, 224]": ``UNet(
n_channels=1, n_classes=1)``, whose ``inc`` is a double 3x3 convolution with batch norm and
ReLU, fed a batch of shape (15, 224, 224); torch 2 takes the 3-D input as one unbatched image
of 15 channels). Fixed twin: ``imgs.unsqueeze(1)``.
"""

import torch
import torch.nn as nn


class DoubleConv(nn.Module):
    def __init__(self, in_ch, out_ch):
        super(DoubleConv, self).__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(in_ch, out_ch, 3, padding=1),
            nn.BatchNorm2d(out_ch),
            nn.ReLU(inplace=True),
            nn.Conv2d(out_ch, out_ch, 3, padding=1),
            nn.BatchNorm2d(out_ch),
            nn.ReLU(inplace=True),
        )

    def forward(self, x):
        x = self.conv(x)  # BUG
        return x


class UNet(nn.Module):
    def __init__(self, n_channels, n_classes):
        super(UNet, self).__init__()
        self.inc = DoubleConv(n_channels, 64)
        self.outc = nn.Conv2d(64, n_classes, 1)

    def forward(self, x):
        x1 = self.inc(x)
        return self.outc(x1)


net = UNet(n_channels=1, n_classes=1)
imgs = torch.rand(15, 224, 224)
masks_pred = net(imgs)
print(masks_pred.shape)
