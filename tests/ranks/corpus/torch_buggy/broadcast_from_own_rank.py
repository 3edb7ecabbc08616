"""dist.broadcast uses src=rank, so every rank claims to be the source and none receives: the job hangs."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()

seed = torch.tensor([1234 + rank])
dist.broadcast(seed, src=rank)  # expect: collective-mismatch
torch.manual_seed(int(seed))
print("shared seed", int(seed))
dist.destroy_process_group()
