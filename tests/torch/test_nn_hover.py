"""Hover of ``torch.nn`` values: a module instance lists its layers with their configuration
(nested models by class), a layer shows its configuration, and the tensors flowing through a
model's ``forward`` and out of a ``DataLoader`` show their shapes."""

from __future__ import annotations

from tests.numpy.analysis_helpers import hover_text

SOURCE = """import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(32, 10)

    def forward(self, x):
        return self.proj(x)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 8, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d((2, 2))
        self.body = nn.Sequential(nn.Flatten(), nn.Linear(32, 32))
        self.head = Head()
        self.count = 3

    def forward(self, x):
        return self.head(self.body(self.pool(self.conv(x))))


model = Net()
loader = DataLoader(TensorDataset(torch.randn(100, 1, 28, 28)), batch_size=32)
for (images,) in loader:
    logits = model(images)
criterion = nn.CrossEntropyLoss(reduction="sum")
"""


def test_module_instance_lists_its_layers() -> None:
    text = hover_text(SOURCE, 28, 0)
    assert text.splitlines() == [
        "model: Net",
        "  conv: nn.Conv2d(in_channels=1, out_channels=8, kernel=(3, 3), stride=(1, 1), "
        "padding=(1, 1))",
        "  pool: nn.AdaptiveAvgPool2d(output_size=(2, 2))",
        "  body: nn.Sequential",
        "  head: Head",
    ]


def test_layer_hover_shows_its_configuration() -> None:
    assert hover_text(SOURCE, 32, 0).startswith("criterion: nn.CrossEntropyLoss(reduction=sum)")


def test_shapes_through_forward_and_batches() -> None:
    """Batches of 32 and a last one of 4: the loop's hover joins them."""
    assert hover_text(SOURCE, 31, 4).startswith("logits: Tensor[float32, (?, 10)]")
    assert hover_text(SOURCE, 30, 6).startswith("images: Tensor[float32, (?, 1, 28, 28)]")
