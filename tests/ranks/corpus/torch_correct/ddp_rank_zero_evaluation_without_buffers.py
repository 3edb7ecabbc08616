"""Rank 0 evaluates through the DDP model of a module without buffers under torch.no_grad(): such a forward prepares no gradient reduction and broadcasts nothing, so the other ranks need not take part (they wait at the final barrier; the DDP wrapper is released before the process group is destroyed, since one still alive at interpreter exit can abort a process)."""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(rank)

model = DistributedDataParallel(nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1)))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for step in range(3):
    features, targets = torch.randn(8, 4), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(features), targets)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

if rank == 0:
    with torch.no_grad():
        evaluation = nn.functional.mse_loss(model(torch.randn(32, 4)), torch.randn(32, 1))
    print(f"evaluation loss {evaluation.item():.4f}")
del model, optimizer
dist.barrier()
dist.destroy_process_group()
