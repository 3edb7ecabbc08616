"""Two modules of one class are built in a loop, and only the first registers a buffer; rank 0 alone runs a forward of the DistributedDataParallel wrapper of the second, which holds no buffer: DDP broadcasts nothing before that forward, so every rank exits 0 (one allocation site stands for both modules: that one of them registered a buffer says nothing of the other)."""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel


class Probe(nn.Module):
    def __init__(self, with_buffer):
        super().__init__()
        self.linear = nn.Linear(3, 1)
        if with_buffer:
            self.register_buffer("scale", torch.ones(1))

    def forward(self, features):
        return self.linear(features)


dist.init_process_group("gloo")
probes = [Probe(index == 0) for index in range(2)]
wrapped = DistributedDataParallel(probes[1])
if dist.get_rank() == 0:
    with torch.no_grad():
        print(wrapped(torch.randn(2, 3)).shape)
dist.barrier()
dist.destroy_process_group()
