import torch
import torch.distributed as dist

dist.init_process_group("gloo")
loss = torch.zeros(1)
if dist.get_rank() == 0:
    dist.all_reduce(loss)  # expect: rank-divergent-collective
dist.destroy_process_group()
