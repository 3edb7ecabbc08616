"""Fixed twin of ``summary_generator_unsqueeze.py`` (the fix: the last sentence below).

A CycleGAN-VC generator whose ``forward`` adds the channel dim itself
(``input.unsqueeze(1)``), summarised with an ``input_size`` that already has it: the gated 2-D
convolution gets a 5-D tensor.

Rebuilt from https://github.com/sksq96/pytorch-summary/issues/129 ("Expected 4-dimensional input
for 4-dimensional weight ..., but got 5-dimensional input of size [2, 1, 1, 128, 50]" for
``summary(model, (1, 128, 50))``): the generator's first GLU-gated convolution
(``self.conv1(input) * torch.sigmoid(self.conv1_gates(input))``) on the batch of two that
``summary`` makes (``torch.rand(2, *input_size)``). Fixed twin: ``input_size = (128, 50)``.
"""

import torch
import torch.nn as nn


class Generator(nn.Module):
    def __init__(self):
        super(Generator, self).__init__()
        self.conv1 = nn.Conv2d(
            in_channels=1, out_channels=128, kernel_size=(5, 15), stride=(1, 1), padding=(2, 7)
        )
        self.conv1_gates = nn.Conv2d(
            in_channels=1, out_channels=128, kernel_size=(5, 15), stride=1, padding=(2, 7)
        )

    def forward(self, input):
        input = input.unsqueeze(1)
        conv1 = self.conv1(input) * torch.sigmoid(self.conv1_gates(input))
        return conv1


model = Generator()
input_size = (128, 50)
x = torch.rand(2, *input_size)
print(model(x).shape)
