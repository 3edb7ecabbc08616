"""Fixed twin of ``hybridsn_window_size.py`` (the fix: the last sentence below).

HybridSN for hyperspectral patches: three ``Conv3d`` layers, a reshape to 2-D maps, a
``Conv2d`` and ``nn.Linear(18496, 256)``, which holds only for 25x25 patches; the reporter's
9x9 patches flatten to 64 features.

Rebuilt from https://github.com/purbayankar/HybridSN-pytorch/issues/3 ("size mismatch, m1: [2 x
64], m2: [18496 x 256]"): the repository's layer stack (8/16/32 3-D kernels of depth 7/5/3 over 30
principal components, ``x.reshape(x.shape[0], -1, x.shape[3], x.shape[4])``, a 64-channel 3x3
``Conv2d``, dense 256/128 with dropout) on a batch of two 9x9 patches. Fixed twin: 25x25
patches (``windowSize = 25``, the repository's default).
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

windowSize = 25
K = 30
output_units = 16


class HybridSN(nn.Module):
    def __init__(self):
        super(HybridSN, self).__init__()
        self.conv1 = nn.Conv3d(1, 8, (7, 3, 3))
        self.conv2 = nn.Conv3d(8, 16, (5, 3, 3))
        self.conv3 = nn.Conv3d(16, 32, (3, 3, 3))
        self.conv4 = nn.Conv2d(576, 64, 3)
        self.dense1 = nn.Linear(18496, 256)
        self.dense2 = nn.Linear(256, 128)
        self.out = nn.Linear(128, output_units)
        self.drop = nn.Dropout(0.4)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = F.relu(self.conv2(x))
        x = F.relu(self.conv3(x))
        x = x.reshape(x.shape[0], -1, x.shape[3], x.shape[4])
        x = F.relu(self.conv4(x))
        x = x.reshape(x.shape[0], -1)
        x = self.drop(F.relu(self.dense1(x)))
        x = self.drop(F.relu(self.dense2(x)))
        return self.out(x)


model = HybridSN()
patches = torch.randn(2, 1, K, windowSize, windowSize)
print(model(patches).shape)
