"""Fixed twin: Each process makes its own temporary checkpoint directory with tempfile.mkdtemp(); rank 0 saves the model there and every rank loads it from its own directory, where nothing was saved: "No such file or directory" on rank 1.

Source: https://github.com/cellarium-ai/cellarium-ml/pull/104 (with devices=2, "tempfile ... creates a random directory each time it is called", so the ranks' checkpoint paths differ).
Rank source: dist.get_rank().
Framework: torch.distributed.
"""

import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn

dist.init_process_group("gloo")
torch.manual_seed(0)
model = nn.parallel.DistributedDataParallel(nn.Linear(4, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(2):
    optimizer.zero_grad()
    model(torch.randn(8, 4)).pow(2).mean().backward()
    optimizer.step()
shared = [tempfile.mkdtemp() if dist.get_rank() == 0 else None]
dist.broadcast_object_list(shared, src=0)
checkpoint_path = os.path.join(shared[0], "model.pt")
if dist.get_rank() == 0:
    torch.save(model.module.state_dict(), checkpoint_path)
dist.barrier()
model.module.load_state_dict(torch.load(checkpoint_path))
dist.destroy_process_group()
