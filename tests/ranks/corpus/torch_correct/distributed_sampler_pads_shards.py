"""DistributedSampler pads the 21 examples to an equal share per rank, so every rank makes the same number of DDP steps."""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

dist.init_process_group("gloo")
torch.manual_seed(0)

dataset = TensorDataset(torch.randn(21, 3), torch.randn(21, 1))
sampler = DistributedSampler(dataset, shuffle=True, seed=0)
loader = DataLoader(dataset, batch_size=2, sampler=sampler)

model = DistributedDataParallel(nn.Linear(3, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
for epoch in range(2):
    sampler.set_epoch(epoch)
    for features, targets in loader:
        loss = nn.functional.mse_loss(model(features), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
if dist.get_rank() == 0:
    print(f"last loss {loss.item():.4f}")
dist.destroy_process_group()
