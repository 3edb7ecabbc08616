"""``tf.data.Dataset``: the element structure of a dataset pipeline (TensorFlow 2.12).

A dataset is an immutable value of its ``element_spec``: a ``TensorSpec`` (kept as a
``TensorValue`` of the element's shape and dtype), a tuple of element structures, or ``None``
when the structure is unknown (dicts are not modelled: their elements are unknown). The
unknown batch dimension of ``batch`` without ``drop_remainder`` is a ``None`` symbol of the
call, never a guessed size. ``map`` runs the user's function through the interpreter on graph
tensors (``kind`` "graph": their failures are never reported, graph mode words them
differently); a tuple element is passed as separate arguments, as ``tf.data`` does. Iterating a
dataset gives eager tensors whose unknown batch sizes are unknown. Certain failures reported:
slicing a scalar and slicing components whose first sizes differ, in TensorFlow's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from ...arrays import dims
from ...arrays.dims import UNKNOWN, Dim
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...domains.numbers import IntValue
from ...domains.sequences import TupleValue
from ...interpreter.natives import CallContext, NativeFunction, NativeModule, NativeValue
from ..calls import FAILED
from . import messages
from .convert import operand
from .support import run
from .values import TensorValue, format_shape, is_batch

Element: TypeAlias = TensorValue | tuple["Element", ...] | None
"""A dataset's element structure: a tensor spec, a tuple of structures, or unknown."""

SHAPE_PRESERVING = (
    "shuffle",
    "repeat",
    "prefetch",
    "cache",
    "take",
    "skip",
    "shard",
    "filter",
    "with_options",
)
MAX_COMPONENTS = 64


def describe_element(element: Element) -> str:
    """The element spec as TensorFlow prints it, without the spec names."""
    if element is None:
        return "?"
    if isinstance(element, TensorValue):
        return f"TensorSpec(shape={format_shape(element.shape)}, dtype=tf.{element.dtype or '?'})"
    inner = ", ".join(describe_element(item) for item in element)
    return f"({inner},)" if len(element) == 1 else f"({inner})"


def _map_element(element: Element, change: object) -> Element:
    """``element`` with every tensor spec replaced by ``change(spec)`` (``None`` if unknown)."""
    if element is None:
        return None
    if isinstance(element, TensorValue):
        return change(element)  # type: ignore[operator,no-any-return]
    parts = tuple(_map_element(item, change) for item in element)
    return None if any(part is None for part in parts) else parts


def _spec(shape: tuple[Dim, ...] | None, dtype: str | None) -> TensorValue:
    return TensorValue(shape, dtype, None, "spec")


def element_value(element: Element, kind: str) -> AbstractValue:
    """An element as the program sees it: eager tensors (``kind`` "tensor", unknown batch sizes
    unknown) when iterating, graph tensors ("graph") inside ``map``."""
    if element is None:
        return TOP
    if isinstance(element, TensorValue):
        shape = element.shape
        if kind == "tensor" and shape is not None:
            shape = tuple(UNKNOWN if is_batch(dim) else dim for dim in shape)
        return TensorValue(shape, element.dtype, None, kind)
    return TupleValue.of(tuple(element_value(item, kind) for item in element))


def element_of(value: AbstractValue, depth: int = 0) -> Element:
    """The element structure of a function's result (tensors and tuples of them)."""
    if isinstance(value, TensorValue):
        return _spec(value.shape, value.dtype)
    if isinstance(value, TupleValue) and depth < 8:
        items = value.items
        if items is None or len(items) > MAX_COMPONENTS:
            return None
        parts = tuple(element_of(item, depth + 1) for item in items)
        return None if any(part is None for part in parts) else parts
    return None


@dataclass(frozen=True, slots=True)
class DatasetValue(NativeValue):
    """A ``tf.data.Dataset`` of elements structured as ``element``."""

    element: Element

    def describe(self) -> str:
        return f"Dataset element_spec={describe_element(self.element)}"

    def contains(self, concrete: object) -> bool:
        return hasattr(concrete, "element_spec")

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "element_spec":
            return ElementSpecValue(self.element) if self.element is not None else TOP
        if name in SHAPE_PRESERVING:
            return NativeFunction(f"Dataset.{name}", lambda call: self)
        if name in ("batch", "padded_batch"):
            return NativeFunction(f"Dataset.{name}", lambda call: self._batch(call, name))
        if name == "unbatch":
            return NativeFunction("Dataset.unbatch", lambda call: self._unbatch())
        if name == "map":
            return NativeFunction("Dataset.map", self._map)
        return TOP

    def _batch(self, ctx: CallContext, name: str) -> AbstractValue:
        """``batch(batch_size, drop_remainder=False, ...)``; ``padded_batch`` with its default
        padded shapes only."""
        if name == "padded_batch" and ctx.arg(1, "padded_shapes") not in (None, NONE):
            return DatasetValue(None)
        size = ctx.int_constant(ctx.arg(0, "batch_size"))
        drop = ctx.arg(1 if name == "batch" else 3, "drop_remainder")
        exact = drop is not None and ctx.bool_constant(drop) is True
        if size is not None and exact:
            batch: Dim = size
        elif drop is None or ctx.bool_constant(drop) is False:
            span = ctx.span()
            batch = dims.symbol(
                "None",
                f"{span.start.line}:{span.start.character}:batch",
                f"batch size of the dataset batched at line {span.start.line + 1}",
            )
        else:
            batch = UNKNOWN
        return DatasetValue(
            _map_element(
                self.element,
                lambda spec: _spec(
                    None if spec.shape is None else (batch, *spec.shape), spec.dtype
                ),
            )
        )

    def _unbatch(self) -> AbstractValue:
        def drop_first(spec: TensorValue) -> TensorValue | None:
            if spec.shape is None:
                return _spec(None, spec.dtype)
            return _spec(spec.shape[1:], spec.dtype) if spec.shape else None

        return DatasetValue(_map_element(self.element, drop_first))

    def _map(self, ctx: CallContext) -> AbstractValue:
        """``map(map_func, ...)``: the function's result structure, analysed on graph tensors."""
        function = ctx.arg(0, "map_func")
        if function is None or self.element is None:
            return DatasetValue(None)
        argument = element_value(self.element, "graph")
        arguments = list(argument.items or ()) if isinstance(argument, TupleValue) else [argument]
        return DatasetValue(element_of(ctx.invoke(function, arguments)))

    def iterate(self, ctx: CallContext) -> AbstractValue:
        return element_value(self.element, "tensor")


@dataclass(frozen=True, slots=True)
class ElementSpecValue(NativeValue):
    """A dataset's ``element_spec`` (for hover; indexing a tuple spec gives its parts)."""

    element: Element

    def describe(self) -> str:
        return describe_element(self.element)

    def contains(self, concrete: object) -> bool:
        return True

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        position = ctx.int_constant(index)
        if not isinstance(self.element, tuple) or position is None:
            return TOP
        if not -len(self.element) <= position < len(self.element):
            return TOP
        part = self.element[position]
        return ElementSpecValue(part) if part is not None else TOP

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        from .values import TensorShapeValue, TFDTypeValue

        if not isinstance(self.element, TensorValue):
            return TOP
        if name == "shape":
            return TensorShapeValue(self.element.shape)
        if name == "dtype" and self.element.dtype is not None:
            return TFDTypeValue(self.element.dtype)
        return TOP


def _slices(ctx: CallContext, value: AbstractValue, depth: int) -> Element | object:
    """The element of ``from_tensor_slices(value)`` and the sliced (first) sizes; ``FAILED``
    after a reported failure."""
    if isinstance(value, TupleValue) and depth < 8:
        items = value.items
        if items is None or len(items) > MAX_COMPONENTS:
            return None
        parts = []
        for item in items:
            part = _slices(ctx, item, depth + 1)
            if part is FAILED:
                return FAILED
            parts.append(part)
        return None if any(part is None for part in parts) else tuple(parts)
    source = run(ctx, lambda: operand(ctx, value))
    if source is FAILED or source is None:
        return source
    shape = source.shape  # type: ignore[union-attr]
    if shape is None:
        return _spec(None, source.dtype)  # type: ignore[union-attr]
    if not shape:
        ctx.report(messages.DATASET, messages.unbatch_scalar())
        return FAILED
    return _spec(shape, source.dtype)  # type: ignore[union-attr]


def _first_sizes(element: Element) -> list[Dim]:
    if element is None:
        return [UNKNOWN]
    if isinstance(element, TensorValue):
        return [UNKNOWN if element.shape is None else element.shape[0]]
    return [size for item in element for size in _first_sizes(item)]


def from_tensor_slices(ctx: CallContext) -> AbstractValue:
    """``Dataset.from_tensor_slices(tensors)``: each component sliced along its first axis."""
    value = ctx.arg(0, "tensors")
    if value is None:
        return TOP
    sliced = _slices(ctx, value, 0)
    if sliced is FAILED:
        return TOP
    element: Element = sliced  # type: ignore[assignment]
    sizes = _first_sizes(element)
    if all(isinstance(size, int) for size in sizes):
        for size in sizes[1:]:
            if size != sizes[0]:
                ctx.report(messages.DATASET, messages.incompatible_dimensions(sizes[0], size))
                return TOP
    return DatasetValue(
        _map_element(
            element,
            lambda spec: _spec(None if spec.shape is None else spec.shape[1:], spec.dtype),
        )
    )


def from_tensors(ctx: CallContext) -> AbstractValue:
    """``Dataset.from_tensors(tensors)``: one element, the whole structure."""
    value = ctx.arg(0, "tensors")
    if isinstance(value, TupleValue):
        return DatasetValue(element_of(value))
    source = run(ctx, lambda: operand(ctx, value)) if value is not None else None
    if source is None or source is FAILED:
        return DatasetValue(None) if source is None else TOP
    return DatasetValue(_spec(source.shape, source.dtype))  # type: ignore[union-attr]


def range_dataset(ctx: CallContext) -> AbstractValue:
    """``Dataset.range(...)``: scalar ``int64`` elements."""
    return DatasetValue(_spec((), "int64"))


def zip_datasets(ctx: CallContext) -> AbstractValue:
    """``Dataset.zip(datasets)`` with a tuple of datasets."""
    value = ctx.arg(0, "datasets")
    items = value.items if isinstance(value, TupleValue) else None
    if items is None or not all(isinstance(item, DatasetValue) for item in items):
        return DatasetValue(None)
    parts = tuple(item.element for item in items)  # type: ignore[union-attr]
    return DatasetValue(None if any(part is None for part in parts) else parts)


DATASET_CONSTRUCTORS = {
    "from_tensor_slices": from_tensor_slices,
    "from_tensors": from_tensors,
    "range": range_dataset,
    "zip": zip_datasets,
}


DATASET_METHODS = (*SHAPE_PRESERVING, "batch", "padded_batch", "unbatch", "map", "element_spec")
"""The modelled methods and attributes of a dataset."""


def data_module() -> NativeModule:
    """``tensorflow.data``: ``Dataset`` (its constructors) and ``AUTOTUNE``."""
    dataset = NativeModule(
        "tensorflow.data.Dataset",
        {
            name: NativeFunction(f"tensorflow.data.Dataset.{name}", impl)
            for name, impl in DATASET_CONSTRUCTORS.items()
        },
    )
    autotune = IntValue.constant_of(-1)
    experimental = NativeModule("tensorflow.data.experimental", {"AUTOTUNE": autotune})
    return NativeModule(
        "tensorflow.data",
        {"Dataset": dataset, "AUTOTUNE": autotune, "experimental": experimental},
    )
