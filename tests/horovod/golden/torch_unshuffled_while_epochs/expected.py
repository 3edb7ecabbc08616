import torch
import torch.utils.data as data
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())

points = torch.randn(30, 2)
train_dataset = data.TensorDataset(points)
train_sampler = torch.utils.data.distributed.DistributedSampler(
    train_dataset, num_replicas=hvd.size(), rank=hvd.rank(), shuffle=False
)
loader = data.DataLoader(train_dataset, batch_size=5, sampler=train_sampler)
layer = torch.nn.Linear(2, 2)
optimizer = torch.optim.Adagrad(layer.parameters(), lr=0.05 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=layer.named_parameters())
hvd.broadcast_parameters(layer.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)

epoch = 0
while epoch < 2:
    for (batch,) in loader:
        optimizer.zero_grad()
        ((layer(batch) - batch) ** 2).mean().backward()
        optimizer.step()
    epoch += 1
