"""The progress bar is disabled on every process but the main one, and evaluation is triggered by the bar's count: only the main process evaluates, and its gather_for_metrics waits for the others.

Source: https://github.com/huggingface/transformers/issues/31532 ("I set the progress_bar enabled only on the main process ... So this caused only the main process enter into the evaluate part, so the gather_for_metrics is waiting for the other process forever").
Rank source: Accelerator.is_main_process through tqdm(disable=...).
Framework: Hugging Face Accelerate.
"""

import torch
from accelerate import Accelerator
from tqdm.auto import tqdm

accelerator = Accelerator(cpu=True)
model = torch.nn.Linear(6, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model, optimizer = accelerator.prepare(model, optimizer)
total_steps = 4
eval_steps = 2
progress_bar = tqdm(range(total_steps), disable=not accelerator.is_main_process)
for step in range(total_steps):
    loss = model(torch.randn(3, 6)).pow(2).mean()
    accelerator.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    progress_bar.update(1)
    if progress_bar.n % eval_steps == 0:
        with torch.no_grad():
            predictions = model(torch.randn(3, 6)).argmax(dim=-1)
        predictions = accelerator.gather_for_metrics(
            predictions
        )  # expect: rank-divergent-collective
        accelerator.print("evaluated", predictions.shape)
