import torch
from torch import optim

net = torch.nn.Linear(2, 2)
opt = optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
one_cycle = optim.lr_scheduler.OneCycleLR(opt, 0.1, total_steps=10)
cyclic = optim.lr_scheduler.CyclicLR(opt, base_lr=0.001, max_lr=0.01)
step_lr = optim.lr_scheduler.StepLR(opt, step_size=2)
for step in range(10):
    opt.zero_grad()
    net(torch.ones(1, 2)).sum().backward()
    opt.step()
    one_cycle.step()
