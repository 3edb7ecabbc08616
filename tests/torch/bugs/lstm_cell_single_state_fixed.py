"""Fixed twin of ``lstm_cell_single_state.py`` (https://github.com/salesforce/awd-lstm-lm/issues/95):
the cell gets its state as the pair ``(h, c)``."""

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
        return self.module(*args)


lstm = nn.LSTMCell(256, 512)
x = torch.randn(1, 256)
h = torch.randn(1, 512)
wdrnn = WeightDrop(lstm, ["weight_hh"], dropout=0.5)
c = torch.zeros(1, 512)
h_next, c_next = wdrnn(x, (h, c))
print(h_next.shape, c_next.shape)
