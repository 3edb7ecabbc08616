"""Fixed twin of ``lstm_view_batch_first.py`` (https://github.com/pytorch/pytorch/issues/1255):
the input viewed as ``batch_len`` sequences of one step."""

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
        steps = sequences.view(self.batch_len, 1, self.input_dim)
        lstm_out, self.hidden = self.lstm(steps, self.hidden)
        return lstm_out


model = SequenceModel(8, 16, 2, 4)
train_input = Variable(torch.randn(4, 8))
output = model(train_input)
print(output.shape)
