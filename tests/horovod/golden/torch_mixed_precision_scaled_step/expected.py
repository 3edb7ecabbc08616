import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())


def train_epoch(model, loader, optimizer, scaler):
    model.train()
    for xb, yb in loader:
        optimizer.zero_grad()
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            loss = nn.functional.cross_entropy(model(xb), yb)
        scaler.scale(loss).backward()
        optimizer.synchronize()
        with optimizer.skip_synchronize():
            scaler.step(optimizer)
        scaler.update()
    return loss.item()


data = TensorDataset(torch.randn(96, 8), torch.randint(0, 3, (96,)))
train_sampler = torch.utils.data.distributed.DistributedSampler(
    data, num_replicas=hvd.size(), rank=hvd.rank(), shuffle=True
)
train_loader = DataLoader(data, batch_size=16, sampler=train_sampler)
net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
optimizer = torch.optim.SGD(net.parameters(), lr=0.05 * hvd.size(), momentum=0.9)
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=net.named_parameters())
hvd.broadcast_parameters(net.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)
scaler = torch.amp.GradScaler("cpu", enabled=False)
for epoch in range(3):
    train_loader.sampler.set_epoch(epoch)
    printed = f"epoch {epoch}: loss {train_epoch(net, train_loader, optimizer, scaler):.4f}"
    if hvd.rank() == 0:
        print(printed)
