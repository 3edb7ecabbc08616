"""Fixed twin: After training, only the main rank runs the final evaluation through the DDP-wrapped model (a GPT with a registered causal-mask buffer): the forward broadcasts buffers and waits for ranks that are already tearing down.

Source: https://github.com/FareedKhan-dev/train-llm-from-scratch/pull/32 (final eval under `if ctx.is_main:` called the DDP model; fixed by evaluating the unwrapped model).
Rank source: dist.get_rank() kept on a context object.
Framework: torch.distributed.
"""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel


class TinyGPT(nn.Module):
    def __init__(self, vocab=32, width=16, context=8):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.register_buffer("mask", torch.tril(torch.ones(context, context)))
        self.head = nn.Linear(width, vocab)

    def forward(self, tokens):
        hidden = self.embed(tokens)
        mixed = (self.mask[: tokens.shape[1], : tokens.shape[1]] @ hidden) / tokens.shape[1]
        return self.head(mixed)


class Context:
    def __init__(self):
        dist.init_process_group("gloo")
        self.rank = dist.get_rank()
        self.is_main = self.rank == 0


def evaluate(model):
    model.eval()
    with torch.no_grad():
        tokens = torch.randint(0, 32, (4, 8))
        logits = model(tokens)
        return nn.functional.cross_entropy(logits.reshape(-1, 32), tokens.reshape(-1)).item()


ctx = Context()
torch.manual_seed(0)
model = DistributedDataParallel(TinyGPT())
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
for step in range(2):
    tokens = torch.randint(0, 32, (4, 8))
    loss = nn.functional.cross_entropy(model(tokens).reshape(-1, 32), tokens.reshape(-1))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
if ctx.is_main:
    print("final eval loss", evaluate(model.module))
dist.destroy_process_group()
