"""Fixed twin: The trainer asks its checkpointer to save only on the master process, and the checkpointer's save (like DeepSpeedEngine.save_checkpoint) synchronises all ranks with a barrier: only rank 0 reaches it.

Source: https://github.com/allenai/allennlp/pull/4693 (comment: "My trainer tells my checkpointer to save if it's the master process ... save_checkpoint calls dist.barrier()").
Rank source: dist.get_rank() kept in a trainer attribute.
Framework: torch.distributed.
"""

import torch
import torch.distributed as dist
from torch import nn


class EngineCheckpointer:
    def __init__(self, model):
        self.model = model

    def save_checkpoint(self, path):
        torch.save(self.model.state_dict(), path)
        dist.barrier()


class Trainer:
    def __init__(self, model):
        self._rank = dist.get_rank()
        self._master = self._rank == 0
        self._checkpointer = EngineCheckpointer(model)
        self.model = model

    def train(self, epochs):
        for epoch in range(epochs):
            total = torch.tensor([float(epoch)])
            dist.all_reduce(total)
            if self._checkpointer is not None:
                self._checkpointer.save_checkpoint(f"epoch{epoch}.pt")


dist.init_process_group("gloo")
Trainer(nn.Linear(3, 2)).train(2)
dist.destroy_process_group()
