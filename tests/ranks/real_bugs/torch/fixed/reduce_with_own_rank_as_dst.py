"""Fixed twin: Each rank calls dist.reduce with its own rank as the destination: the reduce's root differs between the ranks.

Source: https://github.com/pytorch/pytorch/issues/39706 ("calling nccl reduce with inconsistent dst hangs"); rebuilt on gloo under torchrun.
Rank source: torch.distributed.get_rank().
Framework: torch.distributed.
"""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
x = torch.zeros(3)
dist.reduce(x, 0, dist.ReduceOp.SUM)
dist.all_reduce(x)
print(rank, x)
dist.destroy_process_group()
