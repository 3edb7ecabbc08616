import torch
import torch.nn as nn
import horovod.torch as hvd

hvd.init()
if torch.cuda.is_available():
    torch.cuda.set_device(hvd.local_rank())

model = nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.5 * hvd.size())
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)
for step in range(3):
    optimizer.zero_grad()
    model(torch.ones(4, 2)).sum().backward()
    optimizer.step()

if hvd.rank() == 0:
    torch.save(model.state_dict(), "model.pt")
# every rank waits here until rank 0 has written the files read below
hvd.barrier()
if hvd.rank() == 0:
    with open("steps.txt", "w") as log:
        log.write("3\n")
# every rank waits here until rank 0 has written the files read below
hvd.barrier()
model.load_state_dict(torch.load("model.pt"))
if hvd.rank() == 0:
    print("reloaded")
