"""``torch.utils.data``: ``TensorDataset``, ``random_split``, ``Subset`` and ``DataLoader``.

A dataset of tensors knows each tensor's shape; its length is their common first size
(``TensorDataset`` of tensors whose first sizes certainly differ fails with PyTorch's
assertion). A ``DataLoader`` over such a dataset yields, per batch, a list of tensors each of
``(batch, *rest)``: the batch is ``batch_size`` when ``drop_last`` is set or the batch size
divides the number of samples, otherwise a size that only the loader knows (``batch_size`` or
the remainder of the last batch). Other datasets and loaders with a ``collate_fn``, a
``sampler`` or a ``batch_sampler`` give unknown batches. ``shuffle`` does not change shapes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...arrays import dims
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...domains.numbers import NON_NEGATIVE_INT
from ...interpreter.natives import CallContext, NativeFunction, NativeModule, NativeValue
from ..values import dim_value
from . import nn_messages as words
from .values import TorchTensor

DEFAULT_BATCH_SIZE = 1
MAX_LISTED_BATCHES = 64


@dataclass(frozen=True, slots=True)
class TensorDatasetValue(NativeValue):
    """A dataset whose samples are the rows of ``tensors`` (their shapes, whose first size is
    the number of ``samples``, and dtypes)."""

    tensors: tuple[tuple[Shape, str | None], ...]
    samples: Dim

    def describe(self) -> str:
        rows = ", ".join(f"Tensor[{dtype or '?'}, {_rest(shape)}]" for shape, dtype in self.tensors)
        return f"TensorDataset of {dims.format_dim(self.samples)} samples ({rows})"

    def contains(self, concrete: object) -> bool:
        return hasattr(concrete, "__getitem__")

    def length(self, ctx: CallContext) -> AbstractValue:
        return dim_value(self.samples) if isinstance(self.samples, int) else NON_NEGATIVE_INT

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        if ctx.int_constant(index) is None:
            return TOP
        span = ctx.span()
        return ctx.make_tuple(
            [
                TorchTensor(None if shape is None else shape[1:], dtype, span)
                for shape, dtype in self.tensors
            ]
        )

    def batches(self, size: Dim) -> list[AbstractValue]:
        return [
            TorchTensor(None if shape is None else (size, *shape[1:]), dtype, None)
            for shape, dtype in self.tensors
        ]


def _rest(shape: Shape) -> str:
    if shape is None:
        return "(...)"
    return "(" + ", ".join(["n", *(dims.format_dim(dim) for dim in shape[1:])]) + ")"


def tensor_dataset(ctx: CallContext) -> AbstractValue:
    """``TensorDataset(*tensors)``."""
    if ctx.kwargs or not ctx.args or not all(isinstance(a, TorchTensor) for a in ctx.args):
        return TOP
    tensors = tuple((value.shape, value.dtype) for value in ctx.args)  # type: ignore[union-attr]
    firsts = [shape[0] if shape else UNKNOWN for shape, _ in tensors]
    if any(shape is not None and not shape for shape, _ in tensors):
        return TOP
    if any(dims.certainly_different(firsts[0], first) for first in firsts[1:]):
        ctx.report(words.DATASET, words.DATASET_SIZES)
        return TOP
    known = next((first for first in firsts if isinstance(first, int)), firsts[0])
    return TensorDatasetValue(tensors, known)


def random_split(ctx: CallContext) -> AbstractValue:
    """``random_split(dataset, lengths)`` with integer lengths summing to the dataset's: a list
    of datasets of those lengths (fractions and other datasets give unknown parts)."""
    dataset = ctx.arg(0, "dataset")
    items = ctx.sequence_items(ctx.arg(1, "lengths"))
    if not isinstance(dataset, TensorDatasetValue) or items is None:
        return TOP
    lengths = [ctx.int_constant(item) for item in items]
    if any(length is None for length in lengths) or sum(lengths) != dataset.samples:  # type: ignore[arg-type]
        return ctx.make_list([TOP for _ in items])
    return ctx.make_list(
        [TensorDatasetValue(dataset.tensors, length) for length in lengths]  # type: ignore[misc]
    )


@dataclass(frozen=True, slots=True)
class DataLoaderValue(NativeValue):
    """A ``DataLoader`` over ``dataset`` (``None`` when not a dataset of tensors) in batches of
    ``batch`` (a symbol when the last batch is smaller); ``count`` is the number of batches and
    ``size`` the ``batch_size`` given."""

    dataset: TensorDatasetValue | None
    batch: Dim
    count: Dim
    size: int | None = None

    def describe(self) -> str:
        return f"DataLoader (batch {dims.format_dim(self.batch)})"

    def contains(self, concrete: object) -> bool:
        return hasattr(concrete, "__iter__")

    def iterate(self, ctx: CallContext) -> AbstractValue:
        if self.dataset is None:
            return TOP
        return ctx.make_list(self.dataset.batches(self.batch))

    def items(self, ctx: CallContext) -> Sequence[AbstractValue] | None:
        """Each batch, in order, when there are at most ``MAX_LISTED_BATCHES`` (the last one
        holds the remaining samples)."""
        dataset, count = self.dataset, self.count
        if dataset is None or not isinstance(count, int) or count > MAX_LISTED_BATCHES:
            return None
        samples, size = dataset.samples, self.size
        if isinstance(samples, int) and size is not None:
            sizes: list[Dim] = [min(size, samples - index * size) for index in range(count)]
        else:
            sizes = [self.batch] * count
        return [ctx.make_list(dataset.batches(size)) for size in sizes]

    def length(self, ctx: CallContext) -> AbstractValue:
        return dim_value(self.count) if isinstance(self.count, int) else NON_NEGATIVE_INT

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "dataset" and self.dataset is not None:
            return self.dataset
        return TOP


def data_loader(ctx: CallContext) -> AbstractValue:
    """``DataLoader(dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
    num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, ...)``."""
    dataset = ctx.arg(0, "dataset")
    custom = any(
        ctx.arg(index, keyword) not in (None, NONE)
        for index, keyword in ((3, "sampler"), (4, "batch_sampler"), (6, "collate_fn"))
    )
    size_value = ctx.arg(1, "batch_size")
    size = DEFAULT_BATCH_SIZE if size_value is None else ctx.int_constant(size_value)
    drop_value = ctx.arg(8, "drop_last")
    drop = False if drop_value is None else ctx.bool_constant(drop_value)
    if not isinstance(dataset, TensorDatasetValue) or custom or size is None or size <= 0:
        return DataLoaderValue(None, UNKNOWN, UNKNOWN)
    samples = dataset.samples
    if not isinstance(samples, int) or drop is None:
        return DataLoaderValue(dataset, size if drop else UNKNOWN, UNKNOWN)
    if drop:
        return DataLoaderValue(dataset, size, samples // size, size)
    count = -(-samples // size)
    if samples % size == 0:
        return DataLoaderValue(dataset, size, count, size)
    span = ctx.fixed_span()
    batch = dims.symbol(
        "B",
        f"{span.start.line}:{span.start.character}:loader-batch",
        f"batch size of the DataLoader at line {span.start.line + 1} "
        f"({size}, or {samples % size} for the last batch)",
    )
    return DataLoaderValue(dataset, batch, count, size)


def subset(ctx: CallContext) -> AbstractValue:
    """``Subset(dataset, indices)``: the dataset's rows, as many as the indices."""
    dataset = ctx.arg(0, "dataset")
    items = ctx.sequence_items(ctx.arg(1, "indices"))
    if not isinstance(dataset, TensorDatasetValue):
        return TOP
    length = len(items) if items is not None else UNKNOWN
    return TensorDatasetValue(dataset.tensors, length)


FUNCTIONS = {
    "TensorDataset": tensor_dataset,
    "DataLoader": data_loader,
    "random_split": random_split,
    "Subset": subset,
}


def data_module() -> NativeModule:
    return NativeModule(
        "torch.utils.data",
        {
            name: NativeFunction(f"torch.utils.data.{name}", impl)
            for name, impl in FUNCTIONS.items()
        },
    )


def modelled_names() -> Sequence[str]:
    return [f"torch.utils.data.{name}" for name in FUNCTIONS]
