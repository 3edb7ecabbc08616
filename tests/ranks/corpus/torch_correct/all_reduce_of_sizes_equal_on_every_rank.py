"""The histogram's size is computed from the world size, the same on every rank, so every rank allreduces a tensor of one shape."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank, world_size = dist.get_rank(), dist.get_world_size()

histogram = torch.zeros(3 + world_size)
histogram[rank] = 1.0
dist.all_reduce(histogram)
if rank == 0:
    print("histogram", histogram.tolist())
dist.destroy_process_group()
