"""Fixed twin: Rank 0 does a setup task and calls dist.barrier() inside its own arm; the other ranks skip it, so rank 0 waits alone.

Source: https://runebook.dev/en/docs/pytorch/distributed/torch.distributed.barrier ("Only Rank 0 calls barrier() here").
Rank source: torch.distributed.get_rank().
Framework: torch.distributed.
"""

import os

import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
if rank == 0:
    print(f"Rank {rank}: Performing setup task.")
    os.makedirs("outputs", exist_ok=True)
else:
    print(f"Rank {rank}: Skipping setup.")
dist.barrier()
print(f"Rank {rank}: after setup")
dist.destroy_process_group()
