"""Rank 0 alone logs its arguments with vars(args), its module's names with sorted(locals()) and a name looked up in globals() before every rank wraps the model in DistributedDataParallel: reading a namespace rebinds nothing, so every rank makes the same collectives (issue 28's false report; the argument logging idiom of training scripts such as tcmyxc/propheter utils/args_util.py)."""

import argparse

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, default=0.05)
parser.add_argument("--steps", type=int, default=2)
args = parser.parse_args([])

dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(rank)
if rank == 0:
    print(vars(args))
    for key, value in vars(args).items():
        print(f"{key}: {value}")
    print(sorted(locals()), globals()["DistributedDataParallel"].__name__)

model = DistributedDataParallel(nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=args.lr)
for step in range(args.steps):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1))
    loss.backward()
    optimizer.step()
del model, optimizer
dist.barrier()
dist.destroy_process_group()
