"""Each rank has 2 + rank scores but pads them to a fixed width before all_gather, which needs the same shape on every rank; the counts travel in a second all_gather."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank, world_size = dist.get_rank(), dist.get_world_size()

width = 2 + world_size
scores = torch.ones(2 + rank)
padded = torch.zeros(width)
padded[: scores.shape[0]] = scores
count = torch.tensor([scores.shape[0]])
gathered = [torch.zeros(width) for _ in range(world_size)]
counts = [torch.zeros(1, dtype=torch.int64) for _ in range(world_size)]
dist.all_gather(gathered, padded)
dist.all_gather(counts, count)
if rank == 0:
    print("scores", [item[: int(n)].tolist() for item, n in zip(gathered, counts)])
dist.destroy_process_group()
