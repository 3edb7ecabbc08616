"""Rank 0 gathers every rank's tensor into a list only it allocates; the other ranks call the same gather without a list, as torch.distributed's documentation asks (both arms of the rank test make the same collective)."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
world_size = dist.get_world_size()
local_loss = torch.full((3,), float(rank))
if rank == 0:
    losses = [torch.zeros(3) for _ in range(world_size)]
    dist.gather(local_loss, losses, dst=0)
    print("mean loss", torch.stack(losses).mean().item())
else:
    dist.gather(local_loss, dst=0)
dist.barrier()
dist.destroy_process_group()
