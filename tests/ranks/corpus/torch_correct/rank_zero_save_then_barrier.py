"""Rank 0 saves the checkpoint, then every rank (outside the rank branch) waits at the barrier before loading it."""

import torch
import torch.distributed as dist
from torch import nn

dist.init_process_group("gloo")
rank = dist.get_rank()

model = nn.Linear(4, 2)
for parameter in model.parameters():
    dist.broadcast(parameter.data, src=0)
if rank == 0:
    torch.save(model.state_dict(), "model.pt")
dist.barrier()
print("checkpoint written before every rank goes on")
dist.destroy_process_group()
