"""Only the process torchrun started with RANK=0 sums the loss with dist.all_reduce: gloo fails with "Connection closed by peer" or "Connection reset by peer" once the other rank has exited."""

import os

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
torch.manual_seed(int(os.environ["LOCAL_RANK"]))

loss = torch.randn(8).pow(2).mean().reshape(1)
if int(os.environ["RANK"]) == 0:
    dist.all_reduce(loss)  # expect: rank-divergent-collective
    print(f"mean loss {loss.item() / int(os.environ['WORLD_SIZE']):.3f}")
dist.destroy_process_group()
