"""Multi-head self-attention written with tensor ops: project, split into heads, score, mix.

The keys are transposed over the wrong pair of dims, so the batch dims of the score product
(batch, heads) and (batch, sequence) do not broadcast.
"""

import torch

batch, sequence, heads, head_dim = 8, 16, 4, 32
width = heads * head_dim

x = torch.randn(batch, sequence, width)
w_query = torch.randn(width, width) / width**0.5
w_key = torch.randn(width, width) / width**0.5
w_value = torch.randn(width, width) / width**0.5
w_out = torch.randn(width, width) / width**0.5


def split_heads(t: torch.Tensor) -> torch.Tensor:
    return t.view(batch, sequence, heads, head_dim).transpose(1, 2)


query = split_heads(x @ w_query)
key = split_heads(x @ w_key)
value = split_heads(x @ w_value)

scores = query @ key.transpose(1, 2) / head_dim**0.5  # BUG: should be key.transpose(-2, -1)
weights = scores.softmax(dim=-1)
context = (weights @ value).transpose(1, 2).reshape(batch, sequence, width)
output = context @ w_out
print(output.shape)
