"""The fixed twin: the comprehension's range depends on the world size, the same on every rank, so every rank all-reduces the same number of buckets."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
world_size = dist.get_world_size()
buckets = [torch.ones(4) * (index + rank) for index in range(3 + world_size)]
for bucket in buckets:
    dist.all_reduce(bucket)
print("first bucket", buckets[0].tolist())
dist.destroy_process_group()
