"""Every rank sums the loss with dist.all_reduce; only the process torchrun started with RANK=0 prints it, and ranks read from os.environ.get with a default decide nothing."""

import os

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = int(os.environ["RANK"])
local_rank = int(os.environ.get("LOCAL_RANK", "0"))
torch.manual_seed(rank)

loss = torch.randn(8).pow(2).mean().reshape(1)
dist.all_reduce(loss)
if rank == 0:
    print(f"mean loss {loss.item() / int(os.environ['WORLD_SIZE']):.3f}")
if local_rank == 0:
    print("first process of its host")
if os.getenv("RANK") == "0":
    print("rank 0 from os.getenv")
dist.destroy_process_group()
