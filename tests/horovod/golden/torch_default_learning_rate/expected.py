import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())

model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
adam = torch.optim.Adam(model.parameters(), weight_decay=0.0, lr=0.001 * hvd.size())
adam = hvd.DistributedOptimizer(adam, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(adam, root_rank=0)
train_dataset = TensorDataset(torch.randn(32, 3), torch.randint(0, 2, (32,)))
train_sampler = torch.utils.data.distributed.DistributedSampler(
    train_dataset, num_replicas=hvd.size(), rank=hvd.rank(), shuffle=True
)
train = DataLoader(train_dataset, 8, sampler=train_sampler)

for epoch in range(1):
    train.sampler.set_epoch(epoch)
    for inputs, labels in train:
        adam.zero_grad()
        nn.functional.cross_entropy(model(inputs), labels).backward()
        adam.step()
