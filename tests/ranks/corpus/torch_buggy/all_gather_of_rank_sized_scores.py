"""Each rank gathers 2 + rank scores, but torch's all_gather (unlike Horovod's allgather) needs a tensor of the same shape on every rank: gloo aborts rank 0 with "Received data size doesn't match expected size"."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank, world_size = dist.get_rank(), dist.get_world_size()

scores = torch.ones(2 + rank)
gathered = [torch.zeros(2 + rank) for _ in range(world_size)]
dist.all_gather(gathered, scores)  # expect: collective-mismatch
print("gathered", [item.tolist() for item in gathered])
dist.destroy_process_group()
