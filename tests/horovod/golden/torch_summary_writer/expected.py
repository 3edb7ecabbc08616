import torch
from torch.utils.tensorboard import SummaryWriter
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())

weights = torch.nn.Linear(3, 1)
optimizer = torch.optim.RMSprop(weights.parameters(), lr=0.01 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=weights.named_parameters())
hvd.broadcast_parameters(weights.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)
writer = SummaryWriter("runs/demo") if hvd.rank() == 0 else None
for step in range(5):
    optimizer.zero_grad()
    loss = weights(torch.randn(8, 3)).pow(2).mean()
    loss.backward()
    optimizer.step()
    if hvd.rank() == 0:
        writer.add_scalar("loss", loss.item(), step)
if hvd.rank() == 0:
    writer.close()
