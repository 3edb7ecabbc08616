"""Fixed twin of ``summary_batchnorm1d_tokens.py`` (the fix: the last sentence below).

``BatchNorm1d(100)`` after a ``Linear`` applied to inputs of shape (batch, 1, 300): the norm
takes dim 1 (size 1) as its channels.

Rebuilt from https://github.com/sksq96/pytorch-summary/issues/85 ("running_mean should contain 1
elements not 100": ``Linear``/``Tanh`` layers on inputs of size (1, 300), which work until a
``BatchNorm1d`` is added; the answer there: the features are in dim 2, the channel dim is 1).
Fixed twin: inputs of shape (batch, 300).
"""

import torch
import torch.nn as nn

model = nn.Sequential(
    nn.Linear(300, 100),
    nn.BatchNorm1d(100),
    nn.Tanh(),
    nn.Linear(100, 50),
    nn.Tanh(),
    nn.Linear(50, 3),
)
x = torch.rand(2, 300)
print(model(x).shape)
