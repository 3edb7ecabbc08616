"""The main process saves the model while the other processes call wait_for_everyone() in the else arm: the barrier is never matched by the main process.

Source: https://github.com/huggingface/accelerate/issues/2690 (saving block of run_clm_no_trainer.py with an added `else: accelerator.wait_for_everyone()`).
Rank source: Accelerator.is_main_process.
Framework: Hugging Face Accelerate.
"""

import torch
from accelerate import Accelerator

accelerator = Accelerator(cpu=True)
model = torch.nn.Linear(8, 2)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
model, optimizer = accelerator.prepare(model, optimizer)
for step in range(2):
    loss = model(torch.randn(4, 8)).pow(2).mean()
    accelerator.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
if accelerator.is_main_process:
    unwrapped_model = accelerator.unwrap_model(model)
    torch.save(unwrapped_model.state_dict(), "model.pt")
else:
    accelerator.wait_for_everyone()  # expect: rank-divergent-collective
total = accelerator.reduce(torch.tensor([1.0]), "sum")
accelerator.print("done", total)
