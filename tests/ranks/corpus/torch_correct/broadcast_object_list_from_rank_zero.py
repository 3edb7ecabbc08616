"""Only rank 0 reads the run configuration; broadcast_object_list from source 0 runs on every rank and gives it to all of them."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()

payload = [None]
if rank == 0:
    payload[0] = {"learning_rate": 0.1, "steps": 3}
dist.broadcast_object_list(payload, src=0)
config = payload[0]

weights = torch.zeros(3)
for _ in range(config["steps"]):
    gradient = torch.randn(3)
    dist.all_reduce(gradient)
    weights -= config["learning_rate"] * gradient / dist.get_world_size()
print("weights", weights.tolist())
dist.destroy_process_group()
