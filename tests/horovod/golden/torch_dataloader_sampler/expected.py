import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())

x = torch.randn(64, 4)
y = x.sum(dim=1, keepdim=True)
dataset = TensorDataset(x, y)
# the training batches
train_sampler = torch.utils.data.distributed.DistributedSampler(
    dataset, num_replicas=hvd.size(), rank=hvd.rank(), shuffle=True
)
loader = DataLoader(dataset, batch_size=8, sampler=train_sampler)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)

for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for xb, yb in loader:
        optimizer.zero_grad()
        loss = ((model(xb) - yb) ** 2).mean()
        loss.backward()
        optimizer.step()
    if hvd.rank() == 0:
        print(epoch, loss.item())
