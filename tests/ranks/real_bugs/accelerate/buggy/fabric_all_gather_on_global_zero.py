"""The test outputs are gathered with all_gather only on the global-zero process: the others never join, and the program hangs.

Source: https://github.com/Lightning-AI/pytorch-lightning/issues/16541 (`if self.trainer.is_global_zero: outputs = self.all_gather(outputs)` in test_epoch_end); rebuilt with Lightning Fabric's all_gather, the same collective.
Rank source: Fabric.is_global_zero.
Framework: Lightning Fabric.
"""

import torch
from lightning.fabric import Fabric

fabric = Fabric(accelerator="cpu", devices=2, strategy="ddp")
fabric.launch()
fc = fabric.setup(torch.nn.Linear(5, 3))
outputs = []
with torch.no_grad():
    for batch_idx in range(2):
        outputs.append(fc(torch.rand(4, 5)))
if fabric.is_global_zero:
    outputs = fabric.all_gather(torch.cat(outputs))  # expect: rank-divergent-collective
    print(f"after gather, len = {len(outputs)}")
fabric.barrier()
