"""Each rank wraps its strided share of the 6 * world_size + 1 examples in a DataLoader that drops the last partial batch: 7 examples on rank 0 and 6 on the others all make 3 batches of 2, so every rank makes the same DDP steps (the wrapper is released before the process group is destroyed)."""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader, TensorDataset

dist.init_process_group("gloo")
rank, world_size = dist.get_rank(), dist.get_world_size()
features, targets = torch.randn(6 * world_size + 1, 3), torch.randn(6 * world_size + 1, 1)
local = TensorDataset(features[rank::world_size], targets[rank::world_size])
loader = DataLoader(local, batch_size=2, shuffle=True, drop_last=True)
model = DistributedDataParallel(nn.Linear(3, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for batch_features, batch_targets in loader:
    loss = nn.functional.mse_loss(model(batch_features), batch_targets)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
if rank == 0:
    print(f"last loss {loss.item():.4f}")
del model, optimizer
dist.destroy_process_group()
