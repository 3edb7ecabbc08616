"""Every rank validates through the FullyShardedDataParallel model (each forward all-gathers the sharded parameters, on CPU: device_id is the CPU), and only rank 0 prints the result: every rank makes the same all-gathers (and all meet at the final barrier; the FSDP wrapper is released before the process group is destroyed: `del` alone leaves it in reference cycles that the interpreter's exit collects after the group is gone, and torch then aborts with "terminate called without an active exception" in about one run of eight)."""

import gc

import torch
import torch.distributed as dist
from torch import nn
from torch.distributed.fsdp import FullyShardedDataParallel

dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(0)

model = FullyShardedDataParallel(
    nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1)), device_id=torch.device("cpu")
)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for step in range(2):
    features, targets = torch.randn(8, 4), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(features), targets)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

with torch.no_grad():
    predictions = model(torch.randn(16, 4))
if rank == 0:
    print("validation mean", predictions.mean().item())
del model, optimizer
gc.collect()
dist.barrier()
dist.destroy_process_group()
