"""d2l's training loop with a learning-rate scheduler (d2l-en chapter_optimization/lr-scheduler:
``scheduler.__module__ == lr_scheduler.__name__`` tells a torch scheduler from a user class), the
``default(val, d)`` helper of lucidrains/denoising-diffusion-pytorch (``d() if callable(d) else d``)
and a ``to_device`` helper that dispatches on ``(torch.Tensor, nn.Module)``, dicts and lists."""

import torch
from torch import nn
from torch.optim import lr_scheduler


def exists(x):
    return x is not None


def default(val, d):
    if exists(val):
        return val
    return d() if callable(d) else d


class SquareRootScheduler:
    def __init__(self, lr=0.1):
        self.lr = lr

    def __call__(self, num_update):
        return self.lr * pow(num_update + 1.0, -0.5)


def train(net, trainer, scheduler, num_epochs):
    x = torch.ones(4, 3)
    for epoch in range(num_epochs):
        trainer.zero_grad()
        loss = net(x).sum()
        loss.backward()
        trainer.step()
        if scheduler:
            if scheduler.__module__ == lr_scheduler.__name__:
                scheduler.step()
            else:
                for param_group in trainer.param_groups:
                    param_group["lr"] = scheduler(epoch)


def to_device(obj):
    if isinstance(obj, (torch.Tensor, nn.Module)):
        return obj.to("cpu")
    if isinstance(obj, dict):
        return {key: to_device(value) for key, value in obj.items()}
    if type(obj) is list or type(obj) is tuple:
        return [to_device(value) for value in obj]
    return obj


width = default(None, 3)
hidden = default(None, lambda: 5)
net = nn.Linear(width, hidden)
trainer = torch.optim.SGD(net.parameters(), lr=0.1)
train(net, trainer, SquareRootScheduler(lr=0.1), 2)
train(net, trainer, lr_scheduler.StepLR(trainer, step_size=1), 2)
batch = to_device({"x": torch.ones(2, 3), "n": 3, "names": ["a", "b"], "layer": net})
