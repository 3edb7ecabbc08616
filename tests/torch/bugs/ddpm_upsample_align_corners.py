"""A DDPM U-Net's upsampling block with ``align_corners=True`` added to its nearest-neighbour
``nn.Upsample``: only the interpolating modes take ``align_corners``.

Rebuilt from https://github.com/tqch/ddpm-torch/issues/4 (a review asking to pass
``align_corners=True`` to the ``nn.Upsample(scale_factor=2, mode="nearest")`` of
``ddpm_torch/models/unet.py``; the maintainer's answer: the mode is ``'nearest'``, where PyTorch
rejects it), with the repository's ``UpsampleBlock`` (upsample then a 3x3 convolution). Fixed
twin: the block as in the repository, without ``align_corners``.
"""

import torch
import torch.nn as nn


class UpsampleBlock(nn.Module):
    def __init__(self, in_chans):
        super(UpsampleBlock, self).__init__()
        self.upsample = nn.Upsample(scale_factor=2, mode="nearest", align_corners=True)
        self.conv = nn.Conv2d(in_chans, in_chans, 3, 1, 1)

    def forward(self, x, t_emb=None):
        return self.conv(self.upsample(x))  # BUG


block = UpsampleBlock(64)
print(block(torch.randn(2, 64, 16, 16)).shape)
