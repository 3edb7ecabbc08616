"""Each rank allreduces a histogram with 3 + rank bins: the tensors differ in size between ranks: rank 0 ends with a wrong 3-bin result and rank 1, waiting for its fourth element, fails with "Connection closed by peer"."""

import torch
import torch.distributed as dist

dist.init_process_group("gloo")
rank = dist.get_rank()

histogram = torch.ones(3 + rank)
dist.all_reduce(histogram)  # expect: collective-mismatch
print("histogram", histogram.tolist())
dist.destroy_process_group()
