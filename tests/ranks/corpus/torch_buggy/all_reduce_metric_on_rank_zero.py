"""Only rank 0 averages the accuracy with dist.all_reduce: gloo fails with "Connection closed by peer" once the other rank has exited."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()
torch.manual_seed(rank)

correct = torch.tensor([float((torch.randn(50) > 0).sum())])
if rank == 0:
    dist.all_reduce(correct)  # expect: rank-divergent-collective
    print(f"accuracy {correct.item() / (50 * dist.get_world_size()):.3f}")
dist.destroy_process_group()
