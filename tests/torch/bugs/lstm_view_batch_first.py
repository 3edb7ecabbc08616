"""An LSTM whose initial state is built for the whole batch (legacy ``FloatTensor`` wrapped in
``Variable``) while ``forward`` views the batch as one sequence of ``batch_len`` steps: with
``batch_first=True`` the input's batch is 1, the state's ``batch_len``.

Rebuilt from https://github.com/pytorch/pytorch/issues/1255 ("LSTM pytorch inconsistent tensor
size"); fixed twin: view the input as ``(batch_len, 1, input_dim)``.
"""

import torch
import torch.nn as nn
from torch import FloatTensor
from torch.autograd import Variable

torch.manual_seed(0)


class SequenceModel(nn.Module):
    def __init__(self, input_dim, hidden_dim, num_layers, batch_len):
        super().__init__()
        self.input_dim = input_dim
        self.hidden_dim = hidden_dim
        self.num_layers = num_layers
        self.batch_len = batch_len
        self.lstm = nn.LSTM(input_dim, hidden_dim, num_layers, dropout=0.2, batch_first=True)
        self.hidden = self.init_hidden()

    def init_hidden(self):
        h_0 = Variable(
            FloatTensor(self.num_layers, self.batch_len, self.hidden_dim).zero_(),
            requires_grad=True,
        )
        c_0 = Variable(
            FloatTensor(self.num_layers, self.batch_len, self.hidden_dim).zero_(),
            requires_grad=True,
        )
        return (h_0, c_0)

    def forward(self, sequences):
        steps = sequences.view(1, self.batch_len, self.input_dim)
        lstm_out, self.hidden = self.lstm(steps, self.hidden)  # BUG
        return lstm_out


model = SequenceModel(8, 16, 2, 4)
train_input = Variable(torch.randn(4, 8))
output = model(train_input)
print(output.shape)
