"""The command line's output directory is extended with the rank before every rank creates it, and a global folder name is rebound per rank by a helper: each rank creates its own directories."""

import argparse
import os

import torch
import torch.distributed as dist

parser = argparse.ArgumentParser()
parser.add_argument("--output_dir", default="outputs")
args = parser.parse_args()
dist.init_process_group("gloo")
args.output_dir = os.path.join(args.output_dir, f"rank{dist.get_rank()}")
os.makedirs(args.output_dir)
scratch = "scratch"


def scratch_per_rank():
    global scratch
    scratch = f"scratch{dist.get_rank()}"


scratch_per_rank()
os.mkdir(scratch)
total = torch.ones(1)
dist.all_reduce(total)
torch.save(total, os.path.join(args.output_dir, "total.pt"))
dist.destroy_process_group()
