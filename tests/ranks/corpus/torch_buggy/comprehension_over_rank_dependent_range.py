"""Each rank builds its list of gradient buckets with a comprehension over range(5 + rank) and all-reduces every bucket: rank 0 makes 5 all_reduces and rank 1 six, so rank 1 is left alone in its sixth and dies with "Connection closed by peer" once rank 0 has finished."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
buckets = [torch.ones(4) * index for index in range(5 + rank)]
for bucket in buckets:
    dist.all_reduce(bucket)  # expect: rank-divergent-collective
dist.destroy_process_group()
