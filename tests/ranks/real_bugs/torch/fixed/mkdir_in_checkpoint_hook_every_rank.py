"""Fixed twin: The checkpoint-saving hook creates the checkpoint directory without looking at the rank, and every process runs the hook: with the MPI or Gloo backend the processes collide in mkdir, "FileExistsError".

Source: https://github.com/hpcaitech/ColossalAI/issues/211 (the save checkpoint hook calls _ensure_directory_exists(checkpoint_path) on every process).
Rank source: dist.get_rank().
Framework: torch.distributed.
"""

import os

import torch
import torch.distributed as dist
from torch import nn


def save_checkpoint_hook(model, checkpoint_dir, epoch):
    if dist.get_rank() == 0:
        os.mkdir(checkpoint_dir)
        torch.save(model.state_dict(), os.path.join(checkpoint_dir, f"epoch{epoch}.pt"))
    dist.barrier()


def train(model, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(epochs):
        optimizer.zero_grad()
        loss = model(torch.randn(16, 3)).pow(2).mean()
        loss.backward()
        for parameter in model.parameters():
            dist.all_reduce(parameter.grad)
        optimizer.step()
    save_checkpoint_hook(model, "ckpt", epochs)


dist.init_process_group("gloo")
torch.manual_seed(0)
train(nn.Linear(3, 1), 2)
dist.destroy_process_group()
