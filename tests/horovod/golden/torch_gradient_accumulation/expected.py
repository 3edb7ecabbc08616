import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())

ACCUMULATION_STEPS = 4
x = torch.randn(128, 6)
y = (x[:, :1] > 0).float()
train_dataset = TensorDataset(x, y)
train_sampler = torch.utils.data.distributed.DistributedSampler(
    train_dataset, num_replicas=hvd.size(), rank=hvd.rank(), shuffle=True
)
loader = DataLoader(train_dataset, batch_size=4, sampler=train_sampler)
model = nn.Sequential(nn.Linear(6, 8), nn.Tanh(), nn.Linear(8, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters(), backward_passes_per_step=4)
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)
criterion = nn.BCEWithLogitsLoss()

for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    optimizer.zero_grad()
    for step, (xb, yb) in enumerate(loader):
        loss = criterion(model(xb), yb) / 4
        loss.backward()
        if (step + 1) % 4 == 0 or step + 1 == len(loader):
            optimizer.step()
            optimizer.zero_grad()
    if hvd.rank() == 0:
        print("epoch", epoch, "loss", loss.item())
