import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())

GRADIENT_ACCUMULATION_STEPS = 2
data = TensorDataset(torch.randn(48, 5), torch.randint(0, 2, (48,)))
train_sampler = torch.utils.data.distributed.DistributedSampler(
    data, num_replicas=hvd.size(), rank=hvd.rank(), shuffle=True
)
train_loader = DataLoader(data, batch_size=6, sampler=train_sampler)
model = nn.Linear(5, 2)
optimizer = torch.optim.AdamW(model.parameters(), lr=2e-3 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters(), backward_passes_per_step=2)
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)
scaler = torch.cuda.amp.GradScaler(enabled=torch.cuda.is_available())

for epoch in range(2):
    train_loader.sampler.set_epoch(epoch)
    for step, (features, labels) in enumerate(train_loader):
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            loss = nn.functional.cross_entropy(model(features), labels)
        scaler.scale(loss / GRADIENT_ACCUMULATION_STEPS).backward()
        if (step + 1) % GRADIENT_ACCUMULATION_STEPS == 0 or step + 1 == len(train_loader):
            optimizer.synchronize()
            scaler.unscale_(optimizer)
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            with optimizer.skip_synchronize():
                scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
    if hvd.rank() == 0:
        print(f"epoch {epoch} loss {loss.item():.3f}")
