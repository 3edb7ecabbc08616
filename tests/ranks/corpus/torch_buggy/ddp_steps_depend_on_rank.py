"""The number of DDP steps is computed from the rank (2 + rank): rank 1 makes a third step whose backward allreduce no other rank joins: it fails with "Connection closed by peer" or "Connection reset by peer" once rank 0 has exited."""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(rank)

model = DistributedDataParallel(nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for step in range(2 + rank):
    features, targets = torch.randn(8, 4), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(features), targets)
    optimizer.zero_grad()
    loss.backward()  # expect: rank-divergent-collective
    optimizer.step()
print(f"rank {rank} finished with loss {loss.item():.4f}")
dist.destroy_process_group()
