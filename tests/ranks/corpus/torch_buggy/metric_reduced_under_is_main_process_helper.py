"""The reference-training helpers (is_dist_avail_and_initialized / get_rank / is_main_process, as in torchvision's detection references and DETR) guard a metric all_reduce meant for every rank: only rank 0 enters it and waits there, so the run hangs."""

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
if is_main_process():
    dist.all_reduce(correct)  # expect: rank-divergent-collective
    print("accuracy", correct.item())
dist.barrier()
dist.destroy_process_group()
