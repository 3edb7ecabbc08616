"""Fixed twin: Each rank trains on its own stride of the utterance cuts, 2 * world_size + 1 of them: rank 0 has one more batch, and while it still trains (a DDP backward) the other rank is already in the validation loss reduction.

Source: https://github.com/lifeiteng/vall-e/pull/93 ("one rank first consumes its data loader, and then enters the compute_validation_loss function and stuck on the tot_loss.reduce statement").
Rank source: torch.distributed.get_rank() in a strided share.
Framework: torch.distributed.
"""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

dist.init_process_group("gloo")
rank, world_size = dist.get_rank(), dist.get_world_size()
cuts = list(range(2 * world_size))
my_cuts = cuts[rank::world_size]
model = DistributedDataParallel(nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for cut in my_cuts:
    loss = model(torch.randn(2, 4)).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
tot_loss = torch.tensor([1.0])
dist.all_reduce(tot_loss)
print(rank, tot_loss.item())
dist.destroy_process_group()
