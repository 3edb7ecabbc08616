"""Rank 0 alone copies its arguments into the module's namespace with globals().update(vars(args)) before every rank wraps the model in DistributedDataParallel: the names it writes are unknown on rank 0 only, so no collective after it is certainly divergent (the copy rebinds none of the names the collectives are called through)."""

import argparse

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

parser = argparse.ArgumentParser()
parser.add_argument("--log_every", type=int, default=1)
args = parser.parse_args([])

dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(rank)
if rank == 0:
    globals().update(vars(args))

model = DistributedDataParallel(nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
loss = nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1))
loss.backward()
optimizer.step()
if rank == 0:
    print(f"loss {loss.item():.4f} logged every {log_every} steps")
del model, optimizer
dist.barrier()
dist.destroy_process_group()
