"""A six-feature sample written as a legacy ``torch.Tensor`` of six one-element rows: the model
sees six samples of one feature.

Rebuilt from https://github.com/pytorch/examples/issues/564 ("size mismatch, m1: [6 x 1], m2:
[6 x 1]", ``model.forward(torch.Tensor([[3.0], [1.0], [22.0], [1.0], [0.0], [7.25]]))`` on a
``Linear(6, 36)``/``Linear(36, 1)`` model with sigmoids). Fixed twin: one row of six features.
"""

import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = torch.nn.Linear(6, 36)
        self.layer2 = torch.nn.Linear(36, 1)
        self.sigmoid = torch.nn.Sigmoid()

    def forward(self, x):
        out1 = self.sigmoid(self.layer1(x))  # BUG
        out2 = self.sigmoid(self.layer2(out1))
        return self.sigmoid(out2)


model = Model()
print(model.forward(torch.Tensor([[3.0], [1.0], [22.0], [1.0], [0.0], [7.25]])))
