"""Only rank 0 makes an extra fine-tuning step through the DistributedDataParallel model: its backward allreduces the gradients and waits for rank 1, which has finished: gloo fails with "Connection closed by peer" or "Connection reset by peer" once the other rank has exited."""

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
    features, targets = torch.randn(8, 4), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(features), targets)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

if rank == 0:
    features, targets = torch.randn(8, 4), torch.randn(8, 1)
    loss = nn.functional.mse_loss(model(features), targets)
    optimizer.zero_grad()
    loss.backward()  # expect: rank-divergent-collective
    optimizer.step()
    print(f"fine-tuned loss {loss.item():.4f}")
dist.destroy_process_group()
