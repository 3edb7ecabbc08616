"""``isinstance(obj, (torch.Tensor, nn.Module))`` holds for a tensor: the view is a real bug."""

import torch
from torch import nn


def to_device(obj):
    if isinstance(obj, (torch.Tensor, nn.Module)):
        return obj.to("cpu").view(5, -1)  # BUG
    return obj


count = to_device(3)
moved = to_device(torch.ones(2, 3))
