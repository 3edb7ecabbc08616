"""Fixed twin of ``lstm_state_2d.py`` (https://github.com/pytorch/pytorch/issues/5860): states
``(1, batch, hidden)`` and inputs of ``input_size`` features."""

import torch
import torch.autograd as autograd
import torch.nn as nn

torch.manual_seed(0)

lstm = nn.LSTM(3, 2)
hidden = (autograd.Variable(torch.zeros(1, 4, 2)), autograd.Variable(torch.zeros(1, 4, 2)))
inputs = autograd.Variable(torch.randn(6, 4, 3))
out, hidden = lstm(inputs, hidden)
print(out.shape)
