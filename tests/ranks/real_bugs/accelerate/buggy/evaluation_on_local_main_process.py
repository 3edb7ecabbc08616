"""Training runs on every process but evaluation only on the local main process, and the evaluation gathers the predictions: the other processes never join the gather.

Source: https://github.com/huggingface/accelerate/issues/157 (comment: "run evaluation on only one GPU (by either using an `if accelerator.is_local_main_process` ...) the program will be stuck").
Rank source: Accelerator.is_local_main_process.
Framework: Hugging Face Accelerate.
"""

import torch
from accelerate import Accelerator

accelerator = Accelerator(cpu=True)
model = torch.nn.Linear(6, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model, optimizer = accelerator.prepare(model, optimizer)


def evaluate():
    with torch.no_grad():
        predictions = model(torch.randn(4, 6)).argmax(dim=-1)
    return accelerator.gather(predictions)  # expect: rank-divergent-collective


for epoch in range(2):
    loss = model(torch.randn(4, 6)).pow(2).mean()
    accelerator.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    if accelerator.is_local_main_process:
        print("eval", evaluate().shape)  # expect: rank-divergent-collective
