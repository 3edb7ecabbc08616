import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

rnn = nn.GRU(2, 4, batch_first=True)
optimizer = torch.optim.Adam(rnn.parameters(), lr=1e-3)
loader = DataLoader(TensorDataset(torch.randn(16, 5, 2)), batch_size=4, shuffle=True)

for epoch in range(2):
    for (batch,) in loader:
        optimizer.zero_grad()
        output, _ = rnn(batch)
        output.pow(2).mean().backward()
        norm = nn.utils.clip_grad_norm_(rnn.parameters(), 1.0)
        optimizer.step()
