"""An epoch-end visualisation callback returns early on the ranks that are not global zero, and global zero then synchronises with a barrier: the other ranks never reach it and the training freezes after the epoch.

Source: https://github.com/talmolab/sleap-nn/pull/437 ("trainer.strategy.barrier() while others returned early, causing infinite waits"); rebuilt with Lightning Fabric's barrier.
Rank source: Fabric.is_global_zero.
Framework: Lightning Fabric.
"""

import torch
from lightning.fabric import Fabric


def on_train_epoch_end(fabric, model, epoch):
    if not fabric.is_global_zero:
        return
    with torch.no_grad():
        preview = model(torch.randn(2, 4))
    torch.save(preview, f"viz_epoch{epoch}.pt")
    fabric.barrier()  # expect: rank-divergent-collective


fabric = Fabric(accelerator="cpu", devices=2, strategy="ddp")
fabric.launch()
model = torch.nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model, optimizer = fabric.setup(model, optimizer)
for epoch in range(2):
    loss = model(torch.randn(3, 4)).pow(2).mean()
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    on_train_epoch_end(fabric, model, epoch)  # expect: rank-divergent-collective
