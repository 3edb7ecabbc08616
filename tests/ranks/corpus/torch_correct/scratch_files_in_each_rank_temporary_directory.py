"""Every rank writes and reads back its own shard in its own tempfile.mkdtemp() directory: each process reads only what it wrote itself."""

import os
import tempfile

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
scratch = tempfile.mkdtemp()
shard_path = os.path.join(scratch, "shard.pt")
shard = torch.arange(4.0) + dist.get_rank()
torch.save(shard, shard_path)
restored = torch.load(shard_path)
dist.all_reduce(restored)
if dist.get_rank() == 0:
    print(restored.tolist())
dist.destroy_process_group()
