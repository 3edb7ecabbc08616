"""fabric.save is called on global rank 0 only, then fabric.barrier() on every rank: fabric.save synchronises all processes itself, so rank 0 makes one more barrier than the others.

Source: https://github.com/Lightning-AI/pytorch-lightning/issues/20027 ("A typical mistake would be to construct `if fabric.global_rank == 0: fabric.save(...)` `fabric.barrier()`").
Rank source: Fabric.global_rank.
Framework: Lightning Fabric.
"""

import torch
from lightning.fabric import Fabric

fabric = Fabric(accelerator="cpu", devices=2, strategy="ddp")
fabric.launch()
model = torch.nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model, optimizer = fabric.setup(model, optimizer)
for step in range(2):
    loss = model(torch.randn(3, 4)).sum()
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
if fabric.global_rank == 0:
    fabric.save(
        "checkpoint.ckpt", {"model": model, "optimizer": optimizer}
    )  # expect: rank-divergent-collective
fabric.barrier()  # expect: collective-mismatch
total = fabric.all_reduce(torch.tensor(1.0), reduce_op="sum")
fabric.print("trained", total)
