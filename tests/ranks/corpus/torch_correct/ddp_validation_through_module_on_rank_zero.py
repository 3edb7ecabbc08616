"""Rank 0 validates through ddp_model.module, the wrapped model itself, whose forward does no collective: the other ranks need not take part."""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(rank)

model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 1))
ddp_model = DistributedDataParallel(model)
optimizer = torch.optim.SGD(ddp_model.parameters(), lr=0.01)

for step in range(3):
    features, targets = torch.randn(16, 4), torch.randn(16, 1)
    loss = nn.functional.mse_loss(ddp_model(features), targets)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

if rank == 0:
    ddp_model.module.eval()
    with torch.no_grad():
        validation_loss = nn.functional.mse_loss(ddp_model.module(torch.randn(32, 4)), torch.randn(32, 1))
    print(f"validation loss {validation_loss.item():.4f}")
dist.destroy_process_group()
