"""Fixed twin: Each rank gathers its predictions with all_gather, but the ranks hold different numbers of rows (the last shard is shorter): torch.distributed.all_gather needs equal sizes and the gloo run fails.

Source: https://github.com/Lightning-AI/pytorch-lightning/issues/7773 ("if tensors passed to all_gather are of different dimensions on different devices, the code freezes"); rebuilt with torch.distributed.all_gather, which Lightning calls.
Rank source: torch.distributed.get_rank().
Framework: torch.distributed.
"""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank, world_size = dist.get_rank(), dist.get_world_size()
predictions = torch.randn(5 if rank == 0 else 4, 3)
predictions = torch.nn.functional.pad(predictions, (0, 0, 0, 5 - predictions.shape[0]))
gathered = [torch.zeros_like(predictions) for _ in range(world_size)]
dist.all_gather(gathered, predictions)
print(rank, [tuple(t.shape) for t in gathered])
dist.destroy_process_group()
