"""A per-batch OneCycleLR schedule with SGD and Nesterov momentum on a two-layer regressor."""

import torch
from torch import nn, optim
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(5)
x = torch.rand(160, 4)
y = torch.sin(x.sum(dim=1, keepdim=True))
dataset = TensorDataset(x, y)
loader = DataLoader(dataset, batch_size=20, shuffle=True, drop_last=True)

net = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))
opt = optim.SGD(net.parameters(), lr=0.01, momentum=0.9, nesterov=True)
epochs = 2
sched = optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, epochs=epochs, steps_per_epoch=len(loader))
criterion = nn.MSELoss()

for epoch in range(epochs):
    for step, (inputs, outputs) in enumerate(loader):
        opt.zero_grad()
        criterion(net(inputs), outputs).backward()
        opt.step()
        sched.step()
    print("epoch", epoch, "lr", sched.get_last_lr()[0])
