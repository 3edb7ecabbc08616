import horovod.torch as hvd
import torch

hvd.init()
model = torch.nn.Linear(4, 2)
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
if hvd.rank() == 0:
    torch.save(model.state_dict(), "/tmp/model.pt")
    saved = True
else:
    saved = False
hvd.barrier()
print(saved)
