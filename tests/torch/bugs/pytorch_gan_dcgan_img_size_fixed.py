"""Fixed twin of ``pytorch_gan_dcgan_img_size.py`` (the fix: the last sentence below).

PyTorch-GAN's DCGAN discriminator sizes its output layer with ``ds_size = opt.img_size // 2 **
4``, but each stride-2 convolution rounds up: for an image size not divisible by 16 the
flattened map is larger than the layer.

Rebuilt from https://github.com/eriklindernoren/PyTorch-GAN/issues/164 (changing the image size
fails unless it is divisible by 16; the reporter's fix: ``ds_size = int(np.ceil(opt.img_size /
2 ** 4))``), with ``implementations/dcgan/dcgan.py``'s ``discriminator_block`` and an image size
of 40. Fixed twin: the reporter's ``ceil``.
"""

import argparse

import numpy as np
import torch
import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--img_size", type=int, default=40)
parser.add_argument("--channels", type=int, default=1)
opt = parser.parse_args()


class Discriminator(nn.Module):
    def __init__(self):
        super(Discriminator, self).__init__()

        def discriminator_block(in_filters, out_filters, bn=True):
            block = [
                nn.Conv2d(in_filters, out_filters, 3, 2, 1),
                nn.LeakyReLU(0.2, inplace=True),
                nn.Dropout2d(0.25),
            ]
            if bn:
                block.append(nn.BatchNorm2d(out_filters, 0.8))
            return block

        self.model = nn.Sequential(
            *discriminator_block(opt.channels, 16, bn=False),
            *discriminator_block(16, 32),
            *discriminator_block(32, 64),
            *discriminator_block(64, 128),
        )
        ds_size = int(np.ceil(opt.img_size / 2**4))
        self.adv_layer = nn.Sequential(nn.Linear(128 * ds_size**2, 1), nn.Sigmoid())

    def forward(self, img):
        out = self.model(img)
        out = out.view(out.shape[0], -1)
        validity = self.adv_layer(out)
        return validity


discriminator = Discriminator()
real_imgs = torch.from_numpy(
    np.random.rand(8, opt.channels, opt.img_size, opt.img_size).astype(np.float32)
)
print(discriminator(real_imgs).shape)
