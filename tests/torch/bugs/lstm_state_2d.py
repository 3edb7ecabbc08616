"""An LSTM given 2-D initial states ``(batch, hidden)`` for a 3-D input (and an input whose
features are not the layer's ``input_size``, found once the state is fixed).

Rebuilt from https://github.com/pytorch/pytorch/issues/5860 ("Error feedback when applying LSTM
on input of wrong size"); fixed twin: states of shape ``(num_layers, batch, hidden)`` and inputs
of 3 features.
"""

import torch
import torch.autograd as autograd
import torch.nn as nn

torch.manual_seed(0)

lstm = nn.LSTM(3, 2)
hidden = (autograd.Variable(torch.zeros(3, 2)), autograd.Variable(torch.zeros(3, 2)))
inputs = autograd.Variable(torch.randn(6, 4, 5))
out, hidden = lstm(inputs, hidden)  # BUG
print(out.shape)
