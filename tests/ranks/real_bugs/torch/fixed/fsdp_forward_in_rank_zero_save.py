"""Fixed twin: Only rank 0 saves, and saving runs the sharded model's prompt encoder forward (to materialise the prompt embeddings): the FSDP forward all-gathers the parameters and waits for the other ranks.

Source: https://github.com/huggingface/transformers/pull/29980 ("the prompt-tuning has prompt_encoder forward in model save_pretrained. only rank0 call the prompt_encoder forward in deepspeed zero3"); rebuilt with torch FSDP, whose forward gathers sharded parameters as ZeRO-3 does.
Rank source: torch.distributed.get_rank().
Framework: torch.distributed (FSDP).
"""

import gc

import torch
import torch.distributed as dist
from torch import nn
from torch.distributed.fsdp import FullyShardedDataParallel

dist.init_process_group("gloo")
rank = dist.get_rank()
prompt_encoder = FullyShardedDataParallel(nn.Linear(8, 8), device_id=torch.device("cpu"))
optimizer = torch.optim.SGD(prompt_encoder.parameters(), lr=0.1)
for step in range(2):
    loss = prompt_encoder(torch.randn(4, 8)).pow(2).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()


def save_pretrained(path, prompt_embeddings):
    torch.save(prompt_embeddings, path)


with torch.no_grad():
    prompt_embeddings = prompt_encoder(torch.eye(8))
if rank == 0:
    save_pretrained("prompt.pt", prompt_embeddings)
dist.barrier()
del prompt_encoder, optimizer
gc.collect()
dist.destroy_process_group()
