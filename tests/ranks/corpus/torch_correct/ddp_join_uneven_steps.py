"""The ranks make 2 + rank DDP steps, but inside ddp_model.join(): a rank that has run out of steps shadows the others' gradient allreduces, so every rank finishes (and all meet at the final barrier; the DDP wrapper is released before the process group is destroyed)."""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(rank)

model = DistributedDataParallel(nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
with model.join():
    for step in range(2 + rank):
        loss = nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
print(f"rank {rank} made {2 + rank} steps")
del model, optimizer
dist.barrier()
dist.destroy_process_group()
