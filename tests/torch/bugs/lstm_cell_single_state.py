"""An ``LSTMCell`` wrapped for weight dropout and called with only a hidden state: the cell's
state is the pair ``(h, c)``; one tensor is rejected for a batched input.

Rebuilt from https://github.com/salesforce/awd-lstm-lm/issues/95 (also
https://github.com/PetrochukM/PyTorch-NLP/issues/62: ``nn.LSTMCell(256, 512)``, ``x =
torch.randn(1, 256)``, ``h = torch.randn(1, 512)``, the cell called through a ``WeightDrop``
wrapper on ``weight_hh``; an older PyTorch worded it "Input batch size 1 doesn't match hidden[0]
batch size 512"); a small wrapper with the same interface stands in for ``WeightDrop``. Fixed
twin: the cell gets ``(h, c)``, as the reporter's answer says.
"""

import torch
import torch.nn as nn

torch.manual_seed(0)


class WeightDrop(nn.Module):
    """Calls the wrapped module after dropping out its recurrent weights."""

    def __init__(self, module, weights, dropout=0.0):
        super().__init__()
        self.module = module
        self.weights = weights
        self.dropout = dropout

    def forward(self, *args):
        for name in self.weights:
            weight = getattr(self.module, name)
            weight.data = nn.functional.dropout(weight.data, p=self.dropout, training=self.training)
        return self.module(*args)  # BUG


lstm = nn.LSTMCell(256, 512)
x = torch.randn(1, 256)
h = torch.randn(1, 512)
wdrnn = WeightDrop(lstm, ["weight_hh"], dropout=0.5)
h_next, c_next = wdrnn(x, h)
print(h_next.shape, c_next.shape)
