"""best_accuracy is bound only under `if rank == 0:` and read by every rank: rank 1 dies with "NameError: name 'best_accuracy' is not defined"."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(rank)

if rank == 0:
    best_accuracy = 0.0

for epoch in range(2):
    accuracy = torch.tensor([float((torch.randn(20) > 0).float().mean())])
    dist.all_reduce(accuracy)
    accuracy /= dist.get_world_size()
    if accuracy.item() > best_accuracy:  # expect: rank-unbound-name
        best_accuracy = accuracy.item()
print("best accuracy", best_accuracy)
dist.destroy_process_group()
