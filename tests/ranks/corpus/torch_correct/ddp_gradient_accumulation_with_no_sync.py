"""Gradients are accumulated over two micro-batches with no_sync() on every rank, then allreduced at the second backward; rank 0 alone logs: every rank makes the same reductions (and all meet at the final barrier; the DDP wrapper is released before the process group is destroyed, since one still alive at interpreter exit can abort a process)."""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(rank)

model = DistributedDataParallel(nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for step in range(3):
    optimizer.zero_grad()
    with model.no_sync():
        loss = nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1))
        loss.backward()
    loss = nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1))
    loss.backward()
    optimizer.step()
    if rank == 0:
        print(f"step {step} loss {loss.item():.4f}")
del model, optimizer
dist.barrier()
dist.destroy_process_group()
