"""The fixed twin: every rank joins the metric all_reduce, and only the print is guarded by the reference-training helper is_main_process()."""

import torch
import torch.distributed as dist


def is_dist_avail_and_initialized():
    if not dist.is_available():
        return False
    if not dist.is_initialized():
        return False
    return True


def get_rank():
    if not is_dist_avail_and_initialized():
        return 0
    return dist.get_rank()


def is_main_process():
    return get_rank() == 0


dist.init_process_group("gloo")
correct = torch.tensor([float(get_rank() + 3)])
dist.all_reduce(correct)
if is_main_process():
    print("accuracy", correct.item())
dist.barrier()
dist.destroy_process_group()
