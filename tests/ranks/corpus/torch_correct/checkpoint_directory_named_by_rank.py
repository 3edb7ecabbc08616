"""Every rank creates a checkpoint directory of its own, named by its rank: the paths differ, so no two processes create the same directory."""

import os

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
checkpoint_dir = os.path.join("checkpoints", f"rank{rank}")
os.makedirs(checkpoint_dir)
state = torch.full((3,), float(rank))
dist.all_reduce(state)
torch.save(state, os.path.join(checkpoint_dir, "state.pt"))
print(rank, torch.load(os.path.join(checkpoint_dir, "state.pt")).tolist())
dist.destroy_process_group()
