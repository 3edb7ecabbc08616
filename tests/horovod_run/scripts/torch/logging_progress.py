"""Progress reported through ``logging`` (a named logger at DEBUG, the root configured to
stdout) instead of print, as in many training repositories."""

import logging
import sys

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(name)s %(message)s")
logger = logging.getLogger("trainer")
logger.setLevel(logging.DEBUG)

torch.manual_seed(14)
inputs = torch.randn(180, 6)
targets = inputs @ torch.linspace(-1.0, 1.0, 6).unsqueeze(1)
loader = DataLoader(TensorDataset(inputs, targets), batch_size=12, shuffle=True)
model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 1))
optimizer = torch.optim.RMSprop(model.parameters(), lr=0.005)
logger.info("training %d parameters", sum(p.numel() for p in model.parameters()))

for epoch in range(3):
    total = 0.0
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        total += loss.item()
        logger.debug("epoch %d step %d loss %.4f", epoch, step, loss.item())
    logging.info("epoch %d mean loss %.4f", epoch, total / len(loader))
