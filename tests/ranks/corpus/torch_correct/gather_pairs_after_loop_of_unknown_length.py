"""After a training loop of unknown length, rank 0 gathers the losses into its list and the other ranks send theirs (`dist.gather` with and without `gather_list`, both to dst=0): both arms make the same collective and every rank exits 0 (the pattern of DeepSpeedExamples' training/imagenet/main.py at 45b4b715)."""

import os

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
losses = []
for step in range(int(os.environ.get("TENSORLS_STEPS", "3"))):
    loss = torch.ones(1) * step
    dist.all_reduce(loss)
    losses.append(loss)
t_losses = torch.cat(losses)
if dist.get_rank() == 0:
    all_losses = [torch.empty_like(t_losses) for _ in range(dist.get_world_size())]
    dist.gather(tensor=t_losses, gather_list=all_losses, dst=0)
else:
    dist.gather(tensor=t_losses, dst=0)
if dist.get_rank() == 0:
    print([t.tolist() for t in all_losses])
dist.destroy_process_group()
