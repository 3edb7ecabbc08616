"""The 8 * world_size examples split by hand (indices[rank::world_size]) give every rank 8 of them, so every rank makes the same 4 DDP steps (the wrapper is released before the process group is destroyed)."""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

dist.init_process_group("gloo")
rank, world_size = dist.get_rank(), dist.get_world_size()
torch.manual_seed(0)

num_examples = 8 * world_size
features, targets = torch.randn(num_examples, 3), torch.randn(num_examples, 1)
local_indices = list(range(num_examples))[rank::world_size]

model = DistributedDataParallel(nn.Linear(3, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for start in range(0, len(local_indices), 2):
    batch = local_indices[start : start + 2]
    loss = nn.functional.mse_loss(model(features[batch]), targets[batch])
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
if rank == 0:
    print(f"last loss {loss.item():.4f}")
del model, optimizer
dist.destroy_process_group()
