"""Fixed twin of ``smp_unet_interpolate_odd.py`` (the fix: the last sentence below).

A segmentation-models U-Net decoder: each block doubles its input with
``F.interpolate(x, scale_factor=2, mode="nearest")`` and concatenates the encoder's skip
feature; an image whose sides are not multiples of 32 gives a skip map one pixel smaller.

Rebuilt from https://github.com/qubvel-org/segmentation_models.pytorch/issues/93 ("Sizes of
tensors must match except in dimension 1" for ``smp.Unet('efficientnet-b2')`` on a 1x3x350x525
array). The decoder block is the library's (interpolate, concatenate, two 3x3 conv-BN-ReLU); the
EfficientNet encoder is replaced by five stride-2 3x3 convolutions, which halve the sides the
same way (rounding up). Fixed twin: the image padded to 352x544, as the maintainers advise.
"""

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class Conv2dReLU(nn.Sequential):
    def __init__(self, in_channels, out_channels, kernel_size, padding=0):
        conv = nn.Conv2d(in_channels, out_channels, kernel_size, padding=padding, bias=False)
        super(Conv2dReLU, self).__init__(conv, nn.BatchNorm2d(out_channels), nn.ReLU(inplace=True))


class DecoderBlock(nn.Module):
    def __init__(self, in_channels, skip_channels, out_channels):
        super().__init__()
        self.conv1 = Conv2dReLU(in_channels + skip_channels, out_channels, 3, padding=1)
        self.conv2 = Conv2dReLU(out_channels, out_channels, 3, padding=1)

    def forward(self, x, skip=None):
        x = F.interpolate(x, scale_factor=2, mode="nearest")
        if skip is not None:
            x = torch.cat([x, skip], dim=1)
        x = self.conv1(x)
        x = self.conv2(x)
        return x


class Encoder(nn.Module):
    def __init__(self, channels=(3, 8, 12, 16, 24, 32)):
        super().__init__()
        self.stages = nn.ModuleList(
            [nn.Conv2d(channels[i], channels[i + 1], 3, stride=2, padding=1) for i in range(5)]
        )

    def forward(self, x):
        features = []
        for stage in self.stages:
            x = stage(x)
            features.append(x)
        return features


class Unet(nn.Module):
    def __init__(self, classes=1):
        super().__init__()
        self.encoder = Encoder()
        self.blocks = nn.ModuleList(
            [
                DecoderBlock(32, 24, 32),
                DecoderBlock(32, 16, 16),
                DecoderBlock(16, 12, 8),
                DecoderBlock(8, 8, 8),
                DecoderBlock(8, 0, 8),
            ]
        )
        self.segmentation_head = nn.Conv2d(8, classes, 3, padding=1)

    def forward(self, x):
        features = self.encoder(x)
        head = features[-1]
        skips = [features[-2], features[-3], features[-4], features[-5], None]
        x = head
        for block, skip in zip(self.blocks, skips):
            x = block(x, skip)
        return self.segmentation_head(x)


model = Unet(classes=1)
model.eval()
dummy = np.pad(np.random.rand(1, 3, 350, 525), ((0, 0), (0, 0), (1, 1), (9, 10)))
dummy_tensor = torch.from_numpy(dummy).float()
with torch.no_grad():
    output = model(dummy_tensor)
print(output.shape)
