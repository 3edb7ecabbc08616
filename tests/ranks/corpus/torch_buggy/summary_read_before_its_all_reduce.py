"""summary is made only under `if rank == 0:` and read by every rank to log it before its all_reduce: the other ranks die at the read with "NameError: name 'summary' is not defined" (the all_reduce rank 0 then waits in is a consequence, not a second failure)."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
if rank == 0:
    summary = torch.ones(3)
print("summary before reduce", summary.sum().item())  # expect: rank-unbound-name
dist.all_reduce(summary)
dist.barrier()
dist.destroy_process_group()
