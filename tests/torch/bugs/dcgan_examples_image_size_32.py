"""The pytorch/examples DCGAN discriminator, built for 64x64 images, trained with ``--imageSize
32``: four stride-2 convolutions leave 2x2 maps for its last 4x4 convolution.

Rebuilt from https://github.com/pytorch/examples/issues/486 ("Changes needed to run DCGAN 32x32":
with only ``--imageSize 32`` the convolutional layers break; the answer there changes the
discriminator's last layer to ``nn.Conv2d(ndf * 8, 1, 2, 2, 0, bias=False)``), with ``main.py``'s
``Discriminator`` (``nn.Sequential`` of convolutions, batch norms and leaky ReLUs, ``output.view(
-1, 1).squeeze(1)``) on one batch of real 32x32 images. Fixed twin: the answer's last layer.
"""

import torch
import torch.nn as nn

nc = 3
ndf = 64
imageSize = 32
batchSize = 16


class Discriminator(nn.Module):
    def __init__(self, ngpu):
        super(Discriminator, self).__init__()
        self.ngpu = ngpu
        self.main = nn.Sequential(
            nn.Conv2d(nc, ndf, 4, 2, 1, bias=False),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf, ndf * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ndf * 2),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf * 2, ndf * 4, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ndf * 4),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf * 4, ndf * 8, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ndf * 8),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Conv2d(ndf * 8, 1, 4, 1, 0, bias=False),
            nn.Sigmoid(),
        )

    def forward(self, input):
        output = self.main(input)  # BUG
        return output.view(-1, 1).squeeze(1)


netD = Discriminator(0)
criterion = nn.BCELoss()
real_cpu = torch.rand(batchSize, nc, imageSize, imageSize)
label = torch.full((batchSize,), 1.0)
output = netD(real_cpu)
errD_real = criterion(output, label)
print(errD_real.item())
