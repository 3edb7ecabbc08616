"""Each rank predicts a different number of examples; all_gather_object accepts objects of any size and every rank calls it."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank, world_size = dist.get_rank(), dist.get_world_size()

predictions = torch.arange(rank, 11, world_size).tolist()
gathered = [None] * world_size
dist.all_gather_object(gathered, predictions)
if rank == 0:
    print("all predictions:", sorted(p for part in gathered for p in part))
dist.destroy_process_group()
