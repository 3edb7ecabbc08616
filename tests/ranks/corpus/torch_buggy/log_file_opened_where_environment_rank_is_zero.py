"""The log file is opened only where torchrun's RANK variable reads "0" and every process writes to it: rank 1 dies with "NameError: name 'log' is not defined"."""

import os
import tempfile

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
if os.environ["RANK"] == "0":
    log = open(os.path.join(tempfile.gettempdir(), "tensorls_environment_rank.log"), "w")

loss = torch.randn(4).pow(2).mean().reshape(1)
dist.all_reduce(loss)
log.write(f"loss {loss.item():.4f}\n")  # expect: rank-unbound-name
log.close()
dist.destroy_process_group()
