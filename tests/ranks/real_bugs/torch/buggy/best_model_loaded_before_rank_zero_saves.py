"""Rank 0 evaluates and saves the best model, and every rank reloads it right after training with no barrier: the other ranks reach torch.load before rank 0 has written the file, "No such file or directory" (or a half-written file).

Source: https://github.com/huggingface/transformers/pull/10685 ("a process might get to that point before process 0 has finished saving the checkpoint that is re-loaded, which would result in an error"); also https://github.com/fastai/fastai/pull/2393.
Rank source: dist.get_rank().
Framework: torch.distributed.
"""

import torch
import torch.distributed as dist
from torch import nn

dist.init_process_group("gloo")
torch.manual_seed(0)
model = nn.parallel.DistributedDataParallel(nn.Sequential(nn.Linear(64, 256), nn.ReLU(), nn.Linear(256, 8)))
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
for step in range(2):
    optimizer.zero_grad()
    model(torch.randn(32, 64)).pow(2).mean().backward()
    optimizer.step()
if dist.get_rank() == 0:
    with torch.no_grad():
        validation_loss = sum(model.module(torch.randn(512, 64)).pow(2).mean() for _ in range(200))
    print("validation", float(validation_loss))
    torch.save(model.module.state_dict(), "best_model.pt")
model.module.load_state_dict(torch.load("best_model.pt"))  # expect: rank-file-divergence
dist.destroy_process_group()
