"""Fixed twin of ``carvana_unet_upsample_width.py`` (the fix: the last sentence below).

A Carvana U-Net whose encoder halves the image with stride-2 convolutions (rounding up) and
whose decoder doubles it with ``nn.Upsample``: for 1024x684 images the deepest map is 22 wide,
upsampled to 44 against an encoder map 43 wide.

Rebuilt from https://github.com/Hsuxu/carvana-pytorch-uNet/issues/1 (at 1024x684 the line
``up1 = self.act(self.bn1(self.conv1(torch.cat([self.db1(self.up1(down5)), down4], dim=1))))``
fails, ``self.up1(down5)`` being [2, 96, 64, 44] and ``down4`` [2, 96, 64, 43]), keeping that
line's idiom; the five down blocks are stride-2 3x3 convolutions with batch norm and ReLU, 96
channels at the two deepest levels. Fixed twin: 1024x704 images (sides multiples of 32).
"""

import torch
import torch.nn as nn


def down_block(in_channels, out_channels):
    return nn.Sequential(
        nn.Conv2d(in_channels, out_channels, 3, stride=2, padding=1),
        nn.BatchNorm2d(out_channels),
        nn.ReLU(inplace=True),
    )


class UNet(nn.Module):
    def __init__(self):
        super(UNet, self).__init__()
        self.down1 = down_block(3, 16)
        self.down2 = down_block(16, 32)
        self.down3 = down_block(32, 64)
        self.down4 = down_block(64, 96)
        self.down5 = down_block(96, 96)
        self.up1 = nn.Upsample(scale_factor=2)
        self.db1 = nn.Conv2d(96, 96, 3, padding=1)
        self.conv1 = nn.Conv2d(192, 96, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(96)
        self.act = nn.ReLU(inplace=True)

    def forward(self, x):
        down1 = self.down1(x)
        down2 = self.down2(down1)
        down3 = self.down3(down2)
        down4 = self.down4(down3)
        down5 = self.down5(down4)
        up1 = self.act(self.bn1(self.conv1(torch.cat([self.db1(self.up1(down5)), down4], dim=1))))
        return up1


model = UNet()
images = torch.randn(2, 3, 1024, 704)
print(model(images).shape)
