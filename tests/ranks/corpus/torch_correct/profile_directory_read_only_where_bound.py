"""Rank 0 creates the profile directory's name only when profiling is asked for, and the name is read only in the arm of a conditional expression whose test (`profile and rank == 0`) holds on rank 0 alone; the other ranks never read it and every rank exits 0 (the pattern of DeepSpeedExamples' benchmarks/deepcompile/run_bench_lm.py at 45b4b715, with the rank from torch.distributed instead of Accelerate)."""

import os
from contextlib import nullcontext

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
profile = os.environ.get("TENSORLS_PROFILE_RUN")
if dist.get_rank() == 0 and profile:
    profile_dir = os.path.join("profiles", "run")
dist.barrier()
do_profile = profile and dist.get_rank() == 0
context = open(os.path.join(profile_dir, "trace.txt"), "w") if do_profile else nullcontext()
with context:
    total = torch.ones(1)
    dist.all_reduce(total)
print(dist.get_rank(), total.item())
dist.destroy_process_group()
