"""Fixed twin of ``colorization_luminance_channel.py`` (the fix: the last sentence below).

A colorization network whose first convolution takes the one L channel, trained on a
batch of L channels without their channel dim.

Rebuilt from https://github.com/harshitbansal05/Image-Colorization/issues/1 ("Expected
4-dimensional input for 4-dimensional weight 64 1 3, but got 3-dimensional input of size [128,
32, 32]"; the answer there: ``l_images.unsqueeze(1)``), with a low-level feature network of
strided 3x3 convolutions as in the repository. Fixed twin: ``l_images.unsqueeze(1)``.
"""

import torch
import torch.nn as nn


class LowLevelFeatNet(nn.Module):
    def __init__(self):
        super(LowLevelFeatNet, self).__init__()
        self.conv1 = nn.Conv2d(1, 64, kernel_size=3, stride=2, padding=1)
        self.bn1 = nn.BatchNorm2d(64)
        self.conv2 = nn.Conv2d(64, 128, kernel_size=3, stride=1, padding=1)
        self.bn2 = nn.BatchNorm2d(128)

    def forward(self, x):
        x = torch.relu(self.bn1(self.conv1(x)))
        x = torch.relu(self.bn2(self.conv2(x)))
        return x


net = LowLevelFeatNet()
lab_images = torch.rand(128, 3, 32, 32)
l_images = lab_images[:, 0, :, :]
print(net(l_images.unsqueeze(1)).shape)
