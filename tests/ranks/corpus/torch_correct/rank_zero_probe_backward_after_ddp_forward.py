"""Every rank embeds a batch through the DDP model, then rank 0 alone fits a linear probe on the detached embeddings: the probe's backward runs no DDP hook, so it is no collective (and all ranks meet at the final barrier; the DDP wrapper is released before the process group is destroyed)."""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(rank)

model = DistributedDataParallel(nn.Sequential(nn.Linear(4, 8), nn.ReLU()))
embeddings = model(torch.randn(16, 4))
if rank == 0:
    probe = nn.Linear(8, 1)
    optimizer = torch.optim.SGD(probe.parameters(), lr=0.1)
    probe_loss = nn.functional.mse_loss(probe(embeddings.detach()), torch.randn(16, 1))
    probe_loss.backward()
    optimizer.step()
    print(f"probe loss {probe_loss.item():.4f}")
del model, embeddings
dist.barrier()
dist.destroy_process_group()
