"""Fixed twin: Every process creates the checkpoint folder named on the command line with os.makedirs: the second process to get there fails with "FileExistsError".

Source: https://github.com/facebookresearch/ClassyVision/pull/182 (classy_train.py: os.makedirs(args.checkpoint_folder) ran on every rank of a DDP job).
Rank source: dist.get_rank().
Framework: torch.distributed.
"""

import argparse
import os

import torch
import torch.distributed as dist
from torch import nn

parser = argparse.ArgumentParser()
parser.add_argument("--checkpoint_folder", default="checkpoints")
args = parser.parse_args()
dist.init_process_group("gloo")
if dist.get_rank() == 0:
    os.makedirs(args.checkpoint_folder)
dist.barrier()
torch.manual_seed(0)
model = nn.parallel.DistributedDataParallel(nn.Linear(4, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(2):
    optimizer.zero_grad()
    model(torch.randn(8, 4)).pow(2).mean().backward()
    optimizer.step()
if dist.get_rank() == 0:
    torch.save(model.module.state_dict(), os.path.join(args.checkpoint_folder, "model.pt"))
dist.destroy_process_group()
