"""Rank 0 alone allreduces within a process group holding only rank 0 (every rank creates the group, as new_group requires): a collective of that group involves no other rank, so rank 0 does not wait for anyone before the final barrier."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
leaders = dist.new_group([0])

value = torch.ones(2)
if rank == 0:
    dist.all_reduce(value, group=leaders)
    print("leaders' sum", value.tolist())
dist.barrier()
dist.destroy_process_group()
