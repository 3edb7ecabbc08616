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


def test_shapes_inside_forward_are_those_of_the_call() -> None:
    """Defining an ``nn.Module`` subclass hands its methods to no unknown code, so ``forward``
    is analysed at its calls only: its hovers show the shapes flowing through it."""
    assert hover_text(SOURCE, 25, 15).startswith("self: Net\n  conv: nn.Conv2d(")
    source = SOURCE.replace(
        "        return self.head(self.body(self.pool(self.conv(x))))",
        "        pooled = self.pool(self.conv(x))\n        return self.head(self.body(pooled))",
    )
    assert hover_text(source, 25, 8).startswith("pooled: Tensor[float32, (?, 8, 2, 2)]")


def test_a_method_never_called_is_analysed_alone() -> None:
    """A subclass's method that nothing calls is still analysed (with unknown arguments), and a
    certain failure in it is reported."""
    from tensorls.analyses import analyse

    source = (
        "import torch\nimport torch.nn as nn\n\n\nclass Net(nn.Module):\n"
        "    def forward(self, x):\n"
        "        return torch.zeros(2, 3) @ torch.zeros(4, 5)\n"
    )
    (diagnostic,) = analyse(source).diagnostics
    assert diagnostic.span.start.line == 6
