"""Training with names imported from torch, never `import torch` itself."""
from torch import nn, optim, randn
import torch
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())

model = nn.Linear(5, 1)
sgd = optim.SGD(params=model.parameters(), lr=0.05 * hvd.size())
sgd = hvd.DistributedOptimizer(sgd, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(sgd, root_rank=0)
for _ in range(2):
    sgd.zero_grad()
    model(randn(3, 5)).mean().backward()
    sgd.step()
