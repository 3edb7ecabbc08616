"""Fixed twin: Only local rank 0 runs a forward of the DistributedDataParallel encoder (a module with a registered buffer, like RoBERTa's position ids): DDP broadcasts the buffers before the forward, so rank 0 waits for a rank that went on.

Source: https://github.com/pytorch/pytorch/issues/89716 (the reporter read --local_rank from torch.distributed.launch; torchrun gives it as LOCAL_RANK).
Rank source: os.environ["LOCAL_RANK"].
Framework: torch.distributed.
"""

import os

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embeddings = nn.Embedding(50, 16)
        self.register_buffer("position_ids", torch.arange(8).unsqueeze(0))
        self.output = nn.Linear(16, 16)

    def forward(self, source_ids):
        return self.output(self.embeddings(source_ids) + self.embeddings(self.position_ids))


def main():
    local_rank = int(os.environ["LOCAL_RANK"])
    dist.init_process_group(backend="gloo")
    encoder = DDP(Encoder())
    source_ids = torch.zeros([8, 8]).long()
    devices = [-1, 0]
    if local_rank in devices:
        print(local_rank, "started")
        encoder.module(source_ids)
        print(local_rank, "done")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
