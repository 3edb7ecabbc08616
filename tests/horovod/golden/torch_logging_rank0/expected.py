import logging
import sys

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())
if hvd.rank() != 0:
    logging.disable(logging.INFO)

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s %(message)s")
logger = logging.getLogger("train")
logger.setLevel(logging.DEBUG)

x = torch.randn(32, 3)
train_dataset = TensorDataset(x, x.sum(dim=1, keepdim=True))
train_sampler = torch.utils.data.distributed.DistributedSampler(
    train_dataset, num_replicas=hvd.size(), rank=hvd.rank(), shuffle=False
)
loader = DataLoader(train_dataset, batch_size=4, sampler=train_sampler)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)
for epoch in range(2):
    for xb, yb in loader:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(xb), yb)
        loss.backward()
        optimizer.step()
    logger.info("epoch %d loss %.4f", epoch, loss.item())
    if loss.item() > 100:
        logger.warning("diverging on this rank")
