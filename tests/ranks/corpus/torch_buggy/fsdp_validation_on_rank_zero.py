"""Only rank 0 validates through the FullyShardedDataParallel model: each FSDP forward (on CPU: device_id is the CPU) all-gathers the sharded parameters, so rank 0 waits for rank 1, which has finished: gloo fails with "Connection closed by peer" or "Connection reset by peer" once the other rank has exited."""

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

if rank == 0:
    with torch.no_grad():
        predictions = model(torch.randn(16, 4))  # expect: rank-divergent-collective
    print("validation mean", predictions.mean().item())
dist.destroy_process_group()
