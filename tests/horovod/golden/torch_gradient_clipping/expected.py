import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())

rnn = nn.GRU(2, 4, batch_first=True)
optimizer = torch.optim.Adam(rnn.parameters(), lr=1e-3 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=rnn.named_parameters())
hvd.broadcast_parameters(rnn.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)
train_dataset = TensorDataset(torch.randn(16, 5, 2))
train_sampler = torch.utils.data.distributed.DistributedSampler(
    train_dataset, num_replicas=hvd.size(), rank=hvd.rank(), shuffle=True
)
loader = DataLoader(train_dataset, batch_size=4, sampler=train_sampler)

for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    for (batch,) in loader:
        optimizer.zero_grad()
        output, _ = rnn(batch)
        output.pow(2).mean().backward()
        optimizer.synchronize()
        norm = nn.utils.clip_grad_norm_(rnn.parameters(), 1.0)
        with optimizer.skip_synchronize():
            optimizer.step()
