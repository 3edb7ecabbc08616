"""dist.barrier() is indented into rank 0's checkpoint block, so rank 0 waits at it alone: gloo fails with "Connection closed by peer" once the other rank has exited."""

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
    dist.barrier()  # expect: rank-divergent-collective
print("checkpoint written")
dist.destroy_process_group()
