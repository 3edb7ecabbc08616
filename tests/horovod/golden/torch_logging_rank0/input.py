import logging
import sys

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s %(message)s")
logger = logging.getLogger("train")
logger.setLevel(logging.DEBUG)

x = torch.randn(32, 3)
loader = DataLoader(TensorDataset(x, x.sum(dim=1, keepdim=True)), batch_size=4)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    for xb, yb in loader:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(xb), yb)
        loss.backward()
        optimizer.step()
    logger.info("epoch %d loss %.4f", epoch, loss.item())
    if loss.item() > 100:
        logger.warning("diverging on this rank")
