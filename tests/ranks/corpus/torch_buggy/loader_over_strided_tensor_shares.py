"""Each rank wraps its strided share of the 6 * world_size + 1 examples (tensor[rank::world_size]) in a DataLoader of batches of 2: rank 0 has 7 examples (4 batches), the others 6 (3), so rank 0's last DDP backward waits alone: gloo fails with "Connection closed by peer" or "Connection reset by peer" once the other rank has exited."""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader, TensorDataset

dist.init_process_group("gloo")
rank, world_size = dist.get_rank(), dist.get_world_size()
features, targets = torch.randn(6 * world_size + 1, 3), torch.randn(6 * world_size + 1, 1)
local = TensorDataset(features[rank::world_size], targets[rank::world_size])
loader = DataLoader(local, batch_size=2, shuffle=True)
model = DistributedDataParallel(nn.Linear(3, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for batch_features, batch_targets in loader:
    loss = nn.functional.mse_loss(model(batch_features), batch_targets)
    optimizer.zero_grad()
    loss.backward()  # expect: rank-divergent-collective
    optimizer.step()
dist.destroy_process_group()
