import torch
from torch import optim
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())

net = torch.nn.Linear(2, 2)
opt = optim.SGD(net.parameters(), lr=0.01 * hvd.size(), momentum=0.9)
opt = hvd.DistributedOptimizer(opt, named_parameters=net.named_parameters())
hvd.broadcast_parameters(net.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(opt, root_rank=0)
one_cycle = optim.lr_scheduler.OneCycleLR(opt, 0.1 * hvd.size(), total_steps=10)
cyclic = optim.lr_scheduler.CyclicLR(opt, base_lr=0.001 * hvd.size(), max_lr=0.01 * hvd.size())
step_lr = optim.lr_scheduler.StepLR(opt, step_size=2)
for step in range(10):
    opt.zero_grad()
    net(torch.ones(1, 2)).sum().backward()
    opt.step()
    one_cycle.step()
