"""Fixed twin of ``linear_column_tensor.py`` (https://github.com/pytorch/examples/issues/564): one
row of six features."""

import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = torch.nn.Linear(6, 36)
        self.layer2 = torch.nn.Linear(36, 1)
        self.sigmoid = torch.nn.Sigmoid()

    def forward(self, x):
        out1 = self.sigmoid(self.layer1(x))
        out2 = self.sigmoid(self.layer2(out1))
        return self.sigmoid(out2)


model = Model()
print(model.forward(torch.Tensor([[3.0, 1.0, 22.0, 1.0, 0.0, 7.25]])))
