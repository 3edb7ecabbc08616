"""Fixed twin of ``maml_conv4_image_size.py`` (the fix: the last sentence below).

A four-block Conv-4 few-shot learner, built for 84x84 images, given 224x224 ones.

Rebuilt from https://github.com/shirleyzhu233/PyTorch-MAML/issues/7 ("size mismatch, m1: [5 x
6272], m2: [800 x 5]": a Conv-4 encoder of 3x3 convolutions, batch norm, ReLU and 2x2 max pooling
with 32 channels, flattened into a 5-way linear classifier whose input size is 32 * 5 * 5, on
a 5-image task of 224x224 images). Fixed twin: the images are resized to 84x84.
"""

import torch
import torch.nn as nn


def conv_block(in_channels, out_channels):
    return nn.Sequential(
        nn.Conv2d(in_channels, out_channels, 3, 1, padding=1),
        nn.BatchNorm2d(out_channels),
        nn.ReLU(),
        nn.MaxPool2d(2),
    )


class ConvNet4(nn.Module):
    def __init__(self, in_channels=3, hid_channels=32):
        super(ConvNet4, self).__init__()
        self.encoder = nn.Sequential(
            conv_block(in_channels, hid_channels),
            conv_block(hid_channels, hid_channels),
            conv_block(hid_channels, hid_channels),
            conv_block(hid_channels, hid_channels),
        )
        self.classifier = nn.Linear(hid_channels * 5 * 5, 5)

    def forward(self, x):
        x = self.encoder(x)
        x = x.view(x.shape[0], -1)
        return self.classifier(x)


model = ConvNet4()
images = torch.randn(5, 3, 84, 84)
print(model(images).shape)
