import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())


def train_epoch(model, batches, optimizer):
    for features, target in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(features), target).backward()
        optimizer.step()


def main():
    data = TensorDataset(torch.randn(40, 3), torch.randn(40, 1))
    train_sampler = torch.utils.data.distributed.DistributedSampler(
        data, num_replicas=hvd.size(), rank=hvd.rank(), shuffle=True
    )
    train_loader = DataLoader(data, batch_size=10, sampler=train_sampler, num_workers=0)
    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), 0.01 * hvd.size())
    optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
    hvd.broadcast_parameters(model.state_dict(), root_rank=0)
    hvd.broadcast_optimizer_state(optimizer, root_rank=0)
    for epoch in range(3):
        train_loader.sampler.set_epoch(epoch)
        train_epoch(model, train_loader, optimizer)


if __name__ == "__main__":
    main()
