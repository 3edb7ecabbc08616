import torch
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())

model = torch.nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)
best = float("inf")
for epoch in range(3):
    optimizer.zero_grad()
    loss = model(torch.randn(4, 2)).pow(2).mean()
    loss.backward()
    optimizer.step()
    if loss.item() < best:  # this rank's own loss: the ranks may disagree
        best = loss.item()
        if hvd.rank() == 0:
            torch.save(model.state_dict(), "best.pt")
    # every rank waits here until rank 0 has written the files read below
    hvd.barrier()
model.load_state_dict(torch.load("best.pt"))
