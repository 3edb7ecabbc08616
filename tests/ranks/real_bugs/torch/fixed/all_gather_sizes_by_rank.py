"""Fixed twin: all_gather of a tensor whose first dimension is looked up by rank in a table of per-rank sizes: the ranks' sizes differ and the gather fails.

Source: https://github.com/pytorch/xla/issues/8660 (xm.all_gather of `torch.randn((different[rank], 16))` hangs); rebuilt with torch.distributed.all_gather on gloo.
Rank source: torch.distributed.get_rank().
Framework: torch.distributed.
"""

import torch
import torch.distributed


def test_all_gather():
    different = [416, 536, 560, 544, 576, 512, 592, 360]
    torch.distributed.init_process_group(backend="gloo")
    rank = torch.distributed.get_rank()
    inputs = torch.randn((max(different), 16), dtype=torch.float32)
    inputs[different[rank] :] = 0
    outputs = [torch.zeros_like(inputs) for _ in range(torch.distributed.get_world_size())]
    torch.distributed.all_gather(outputs, inputs)
    print(rank, [o.shape for o in outputs])
    torch.distributed.destroy_process_group()


if __name__ == "__main__":
    test_all_gather()
