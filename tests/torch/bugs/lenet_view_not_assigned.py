"""LeNet whose ``x.view(-1, n)`` result is dropped: the first ``Linear`` gets the 4-D pooled map.

Rebuilt from https://github.com/tinkerhub/ComputerVision-with-PyTorch-Learning-Program/issues/81
("size mismatch, m1: [96 x 6], m2: [576 x 120]": a sigmoid LeNet on one 1x32x32 image whose
``forward`` calls ``x.view(-1, self.nflat_feat(x))`` without assigning it). Fixed twin:
``x = x.view(...)``.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 6, 3)
        self.conv2 = nn.Conv2d(6, 16, 3)
        self.fc1 = nn.Linear(16 * 6 * 6, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = F.max_pool2d(torch.sigmoid(self.conv1(x)), (2, 2))
        x = F.max_pool2d(torch.sigmoid(self.conv2(x)), 2)
        x.view(-1, self.nflat_feat(x))
        x = torch.sigmoid(self.fc1(x))  # BUG
        x = torch.sigmoid(self.fc2(x))
        x = self.fc3(x)
        return x

    def nflat_feat(self, x):
        size = x.size()[1:]
        num_feat = 1
        for s in size:
            num_feat *= s
        return num_feat


torch.manual_seed(0)
net = Net()
print(net(torch.randn(1, 1, 32, 32)).shape)
