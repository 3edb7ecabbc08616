import torch
from torch.utils.data import DataLoader, TensorDataset
from tqdm import tqdm
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)
train_dataset = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
train_sampler = torch.utils.data.distributed.DistributedSampler(
    train_dataset, num_replicas=hvd.size(), rank=hvd.rank(), shuffle=True
)
loader = DataLoader(train_dataset, batch_size=8, sampler=train_sampler)
for epoch in range(2):
    loader.sampler.set_epoch(epoch)
    progress = tqdm(loader, desc=f"epoch {epoch}", disable=hvd.rank() != 0)
    for inputs, targets in progress:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(inputs), targets)
        loss.backward()
        optimizer.step()
        progress.set_postfix(loss=loss.item())
