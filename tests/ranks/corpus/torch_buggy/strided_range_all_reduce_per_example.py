"""Each rank sums its examples range(rank, 4 * world_size + 1, world_size) with one all_reduce per example: rank 0 has 5 of them and the others 4, so rank 0's last all_reduce waits alone: gloo fails with "Connection closed by peer" or "Connection reset by peer" once the other rank has exited."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank, world_size = dist.get_rank(), dist.get_world_size()

num_examples = 4 * world_size + 1
values = torch.arange(num_examples, dtype=torch.float32)
total = torch.zeros(())
for index in range(rank, num_examples, world_size):
    contribution = values[index].clone()
    dist.all_reduce(contribution)  # expect: rank-divergent-collective
    total += contribution
print(f"rank {rank}: {total.item()}")
dist.destroy_process_group()
