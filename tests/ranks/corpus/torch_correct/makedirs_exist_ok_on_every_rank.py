"""Every rank creates the shared output directory with exist_ok=True (no error when another rank made it first); only rank 0 writes into it."""

import os

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
output_dir = "outputs"
os.makedirs(output_dir, exist_ok=True)
total = torch.ones(2)
dist.all_reduce(total)
if dist.get_rank() == 0:
    torch.save(total, os.path.join(output_dir, "total.pt"))
dist.destroy_process_group()
