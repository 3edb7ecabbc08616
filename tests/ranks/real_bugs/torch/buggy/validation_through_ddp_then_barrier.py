"""Rank 0 validates through the DistributedDataParallel encoder (BatchNorm buffers) between two barriers: its forward broadcasts the buffers while the other rank waits in the barrier.

Source: https://velog.io/@scyonggg/dist.getrank-0-후-dist.barrier에서-stall되는-현상 (fixed by calling self.encoder.module in validation); also https://discuss.pytorch.org/t/torch-distributed-barrier-hangs-in-ddp/114522.
Rank source: torch.distributed.get_rank().
Framework: torch.distributed.
"""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel


class Trainer:
    def __init__(self):
        model = nn.Sequential(
            nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.Flatten(), nn.Linear(4 * 6 * 6, 5)
        )
        self.encoder = DistributedDataParallel(model)
        self.ce_loss = nn.CrossEntropyLoss()
        self.optimizer = torch.optim.SGD(self.encoder.parameters(), lr=0.01)

    def train_epoch(self):
        for step in range(2):
            images, labels = torch.randn(4, 3, 8, 8), torch.randint(0, 5, (4,))
            loss = self.ce_loss(self.encoder(images), labels)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            torch.distributed.barrier()

    def validation(self):
        with torch.no_grad():
            images, labels = torch.randn(4, 3, 8, 8), torch.randint(0, 5, (4,))
            outputs = self.encoder(images)  # expect: rank-divergent-collective
            return self.ce_loss(outputs, labels).item()


dist.init_process_group("gloo")
trainer = Trainer()
for epoch in range(2):
    trainer.train_epoch()
    if torch.distributed.get_rank() == 0:
        print("validation loss", trainer.validation())  # expect: rank-divergent-collective
        torch.save(trainer.encoder.state_dict(), "encoder.pt")
    torch.distributed.barrier()
dist.destroy_process_group()
