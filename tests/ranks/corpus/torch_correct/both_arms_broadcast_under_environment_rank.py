"""The process torchrun started with RANK=0 draws the initial weights and the others allocate room for them: both arms broadcast from rank 0, so every rank gets the same weights."""

import os

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
if int(os.environ["RANK"]) == 0:
    weights = torch.randn(3, 2)
    dist.broadcast(weights, src=0)
else:
    weights = torch.empty(3, 2)
    dist.broadcast(weights, src=0)
print(f"rank {dist.get_rank()} of {os.environ['WORLD_SIZE']}: weights sum {weights.sum().item():.4f}")
dist.destroy_process_group()
