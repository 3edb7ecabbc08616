"""Fixed twin: The checkpoint block runs only on the main process, and it starts with accelerator.wait_for_everyone(): the main process waits for processes that never enter the block.

Source: https://github.com/bytedance/UNO/issues/71 (`if accelerator.sync_gradients and accelerator.is_main_process and global_step % args.checkpointing_steps == 0: ... accelerator.wait_for_everyone()  # this step get stucked`).
Rank source: Accelerator.is_main_process.
Framework: Hugging Face Accelerate.
"""

import os

import torch
from accelerate import Accelerator

accelerator = Accelerator(cpu=True)
dit = torch.nn.Linear(8, 8)
optimizer = torch.optim.AdamW(dit.parameters(), lr=1e-4)
dit, optimizer = accelerator.prepare(dit, optimizer)
checkpointing_steps = 2
global_step = 0
for step in range(4):
    with accelerator.accumulate(dit):
        loss = dit(torch.randn(2, 8)).pow(2).mean()
        accelerator.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    global_step += 1
    if accelerator.sync_gradients and global_step % checkpointing_steps == 0:
        accelerator.wait_for_everyone()
    if (
        accelerator.sync_gradients
        and accelerator.is_main_process
        and global_step % checkpointing_steps == 0
    ):
        save_path = os.path.join("project", f"checkpoint-{global_step}")
        os.makedirs(save_path, exist_ok=True)
        unwrapped_model_state = accelerator.unwrap_model(dit).state_dict()
        torch.save(unwrapped_model_state, os.path.join(save_path, "dit.pt"))
