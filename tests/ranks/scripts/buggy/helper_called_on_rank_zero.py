import horovod.torch as hvd
import torch

hvd.init()
model = torch.nn.Linear(4, 2)


def sync_parameters():
    hvd.broadcast_parameters(model.state_dict(), root_rank=0)


if hvd.rank() == 0:
    sync_parameters()  # expect: rank-divergent-collective
hvd.barrier()
