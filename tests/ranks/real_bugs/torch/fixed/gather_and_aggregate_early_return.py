"""Fixed twin: A rank holding no monitored layer returns early from the metric aggregation and skips its all_gather_object, a world-wide collective: the other ranks block in it.

Source: https://github.com/bo-ke/llm-internal-medicine/pull/45 (gather_and_aggregate returned early when the local metric dict was empty; fixed by dropping the early return).
Rank source: torch.distributed.get_rank() deciding the rank's layers.
Framework: torch.distributed.
"""

import torch.distributed as dist


def gather_and_aggregate(metrics):
    gathered = [None] * dist.get_world_size()
    dist.all_gather_object(gathered, metrics)
    keys = {key for part in gathered for key in part}
    return {key: sum(part.get(key, 0.0) for part in gathered) for key in keys}


dist.init_process_group("gloo")
rank = dist.get_rank()
monitored = {"layer0.grad_norm": 1.5, "layer1.grad_norm": 0.5} if rank == 0 else {}
aggregated = gather_and_aggregate(monitored)
if rank == 0:
    print(aggregated)
dist.barrier()
dist.destroy_process_group()
