"""``callable(d)`` holds for a lambda: the product it computes is a real bug."""

import torch


def exists(x):
    return x is not None


def default(val, d):
    if exists(val):
        return val
    return d() if callable(d) else d


width = default(None, 3)
weight = default(None, lambda: torch.ones(2, width) @ torch.ones(4, 5))  # BUG
