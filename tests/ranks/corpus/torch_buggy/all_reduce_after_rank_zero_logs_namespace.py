"""Rank 0 logs vars(args) and locals(), then alone averages the loss with dist.all_reduce: gloo fails with "Connection closed by peer" or "Connection reset by peer" once the other rank has exited (the namespace logging no longer hides the divergence after it)."""

import argparse

import torch
import torch.distributed as dist

parser = argparse.ArgumentParser()
parser.add_argument("--samples", type=int, default=50)
args = parser.parse_args([])

dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(rank)

loss = torch.tensor([float(torch.randn(args.samples).pow(2).mean())])
if rank == 0:
    print(vars(args), sorted(locals()))
    dist.all_reduce(loss)  # expect: rank-divergent-collective
    print(f"mean loss {loss.item() / dist.get_world_size():.3f}")
dist.destroy_process_group()
