import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())

device = "cuda" if torch.cuda.is_available() else "cpu"
x = torch.randn(64, 4)
y = x.sum(dim=1, keepdim=True)
train_dataset = TensorDataset(x, y)
train_sampler = torch.utils.data.distributed.DistributedSampler(
    train_dataset, num_replicas=hvd.size(), rank=hvd.rank(), shuffle=True
)
loader = DataLoader(train_dataset, batch_size=8, sampler=train_sampler)
model = nn.Linear(4, 1).to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)
scaler = torch.cuda.amp.GradScaler(enabled=device == "cuda")

for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for xb, yb in loader:
        xb, yb = xb.to(device), yb.to(device)
        optimizer.zero_grad()
        with torch.autocast(device_type=device, enabled=device == "cuda"):
            loss = nn.functional.mse_loss(model(xb), yb)
        scaler.scale(loss).backward()
        # clip the true gradients, not the scaled ones
        optimizer.synchronize()
        scaler.unscale_(optimizer)
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        with optimizer.skip_synchronize():
            scaler.step(optimizer)
        scaler.update()
    if hvd.rank() == 0:
        print(epoch, loss.item())
