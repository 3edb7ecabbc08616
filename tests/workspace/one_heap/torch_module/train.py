import torch
from models import Net

net = Net()
logits = net(torch.randn(4, 16))
score = logits @ torch.randn(32, 1)
