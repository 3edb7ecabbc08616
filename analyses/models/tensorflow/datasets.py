"""``tf.data.Dataset``: the element structure of a dataset pipeline (TensorFlow 2.12).

A dataset is an immutable value of its ``element_spec``: a ``TensorSpec`` (kept as a
``TensorValue`` of the element's shape and dtype), a tuple or a dict (string keys, in order) of
element structures, or ``None`` when the structure is unknown; and of its cardinality as
TensorFlow computes it statically (``-1`` infinite, ``-2`` unknown to TensorFlow; ``None`` when
unknown to tensorls). The unknown batch dimension of ``batch`` without ``drop_remainder`` is a
``None`` symbol of the call, never a guessed size. ``map`` runs the user's function through the
interpreter on graph tensors (``kind`` "graph": their failures are never reported, graph mode
words them differently); a tuple element is passed as separate arguments, a dict as one, as
``tf.data`` does; the function may return a tensor, a tuple or a dict. Iterating a dataset gives
eager tensors whose unknown batch sizes are unknown, except when ``batch`` without
``drop_remainder`` of a known count makes every batch the same size (one partial batch of the
whole count, or batches dividing it exactly): that size (``rows``, kept by the methods keeping the
elements). In a rank projection a count equal to ``a * size + b`` for the world size is kept
(``sized``, ``models.world_size``) and ``shard(size, rank)`` of it has a known count when the
projection's share is the same for every size. ``padded_batch`` with ``padded_shapes`` of a
single tensor element pads to them (``None``/``-1``: an unknown size). ``cardinality()`` is an
``int64`` scalar of the known count; ``len`` an int (an infinite or unknown length fails). Certain
failures reported: slicing a scalar and slicing components whose first sizes differ, in
TensorFlow's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from ...arrays import dims
from ...arrays.dims import UNKNOWN, Dim, SymbolicDim
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...domains.numbers import NON_NEGATIVE_INT, IntValue
from ...domains.sequences import TupleValue
from ...interpreter.natives import CallContext, NativeFunction, NativeModule, NativeValue
from ..calls import FAILED
from ..values import ArrayValue
from ..world_size import affine, sized_count
from . import messages
from .convert import operand
from .support import run
from .values import TensorValue, format_shape, is_batch


@dataclass(frozen=True, slots=True)
class DictElement:
    """A dict element structure: string keys and their structures, in order."""

    entries: tuple[tuple[str, Element], ...]


Element: TypeAlias = TensorValue | tuple["Element", ...] | DictElement | None
"""A dataset's element structure: a tensor spec, a tuple or dict of structures, or unknown."""
BatchRows: TypeAlias = tuple[SymbolicDim, int]
"""The batch symbol of one ``batch`` call and the size every batch it makes certainly has."""
INFINITE = -1
UNKNOWN_COUNT = -2
"""TensorFlow's ``INFINITE_CARDINALITY`` and ``UNKNOWN_CARDINALITY``."""

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
ELEMENT_KEEPING = frozenset(SHAPE_PRESERVING)
"""The methods whose elements are the source's own elements (so their batch sizes too)."""
COUNT_KEEPING = frozenset({"shuffle", "prefetch", "cache", "with_options"})
"""The methods keeping the number of elements (so a count related to the world size too)."""


def describe_element(element: Element) -> str:
    """The element spec as TensorFlow prints it, without the spec names."""
    if element is None:
        return "?"
    if isinstance(element, TensorValue):
        return f"TensorSpec(shape={format_shape(element.shape)}, dtype=tf.{element.dtype or '?'})"
    if isinstance(element, DictElement):
        return (
            "{"
            + ", ".join(f"{key!r}: {describe_element(item)}" for key, item in element.entries)
            + "}"
        )
    inner = ", ".join(describe_element(item) for item in element)
    return f"({inner},)" if len(element) == 1 else f"({inner})"


def _map_element(element: Element, change: object) -> Element:
    """``element`` with every tensor spec replaced by ``change(spec)`` (``None`` if unknown)."""
    if element is None:
        return None
    if isinstance(element, TensorValue):
        return change(element)  # type: ignore[operator,no-any-return]
    if isinstance(element, DictElement):
        entries = tuple((key, _map_element(item, change)) for key, item in element.entries)
        return None if any(item is None for _, item in entries) else DictElement(entries)
    parts = tuple(_map_element(item, change) for item in element)
    return None if any(part is None for part in parts) else parts


def _spec(shape: tuple[Dim, ...] | None, dtype: str | None) -> TensorValue:
    return TensorValue(shape, dtype, None, "spec")


def element_value(
    element: Element, kind: str, ctx: CallContext, rows: BatchRows | None = None
) -> AbstractValue:
    """An element as the program sees it: eager tensors (``kind`` "tensor", unknown batch sizes
    unknown, except the batch symbol of ``rows`` which is its certain size) when iterating, graph
    tensors ("graph") inside ``map``; a dict element is a new dict."""
    if element is None:
        return TOP
    if isinstance(element, TensorValue):
        shape = element.shape
        if kind == "tensor" and shape is not None:
            shape = tuple(_iterated_dim(dim, rows) for dim in shape)
        return TensorValue(shape, element.dtype, None, kind)
    if isinstance(element, DictElement):
        return ctx.make_dict(
            [(key, element_value(item, kind, ctx, rows)) for key, item in element.entries]
        )
    return TupleValue.of(tuple(element_value(item, kind, ctx, rows) for item in element))


def _iterated_dim(dim: Dim, rows: BatchRows | None) -> Dim:
    if rows is not None and dim == rows[0]:
        return rows[1]
    return UNKNOWN if is_batch(dim) else dim


def element_of(value: AbstractValue, ctx: CallContext, depth: int = 0) -> Element:
    """The element structure of a function's result (tensors, and tuples and dicts of them)."""
    if isinstance(value, TensorValue):
        return _spec(value.shape, value.dtype)
    if depth >= 8:
        return None
    if isinstance(value, TupleValue):
        items = value.items
        if items is None or len(items) > MAX_COMPONENTS:
            return None
        parts = tuple(element_of(item, ctx, depth + 1) for item in items)
        return None if any(part is None for part in parts) else parts
    entries = ctx.dict_entries(value)
    if entries is None or len(entries) > MAX_COMPONENTS:
        return None
    if not all(isinstance(key, str) for key, _ in entries):
        return None
    mapped = tuple((key, element_of(item, ctx, depth + 1)) for key, item in entries)
    return None if any(item is None for _, item in mapped) else DictElement(mapped)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class DatasetValue(NativeValue):
    """A ``tf.data.Dataset`` of elements structured as ``element``."""

    element: Element
    count: int | None = None
    """The cardinality TensorFlow computes (see the module docstring)."""
    sized: IntValue | None = None
    """When ``count`` is None in a rank projection: the cardinality as an int related to the world
    size (``10 * size + 1``, ``models.world_size``), which ``shard(size, rank)`` decides."""
    rows: BatchRows | None = None
    """The batch symbol whose size every element certainly has when iterated (``batch`` of a
    known count without ``drop_remainder``: one partial batch, or batches dividing the count)."""

    def describe(self) -> str:
        shown = f"Dataset element_spec={describe_element(self.element)}"
        return shown if self.count is None else f"{shown} cardinality={self.count}"

    def contains(self, concrete: object) -> bool:
        return hasattr(concrete, "element_spec")

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "element_spec":
            return ElementSpecValue(self.element) if self.element is not None else TOP
        if name in SHAPE_PRESERVING:
            return NativeFunction(f"Dataset.{name}", lambda call: self._same(call, name))
        if name in ("batch", "padded_batch"):
            return NativeFunction(f"Dataset.{name}", lambda call: self._batch(call, name))
        if name == "unbatch":
            return NativeFunction("Dataset.unbatch", lambda call: self._unbatch())
        if name == "map":
            return NativeFunction("Dataset.map", self._map)
        if name == "cardinality":
            return NativeFunction("Dataset.cardinality", lambda call: self._cardinality(call))
        return TOP

    def _same(self, ctx: CallContext, name: str) -> AbstractValue:
        """The shape-preserving methods: the same elements, their count changed."""
        count = counted(name, self.count, ctx)
        sized = self.sized if name in COUNT_KEEPING else None
        if name == "shard" and self.sized is not None:
            share = self.sized.sliced_length(
                ctx.arg(1, "index") or NONE, NONE, ctx.arg(0, "num_shards") or NONE
            )
            count = share.constant if share is not None else None
        rows = self.rows if name in ELEMENT_KEEPING else None
        return DatasetValue(self.element, count, sized, rows)

    def _cardinality(self, ctx: CallContext) -> AbstractValue:
        if self.count is None:
            return TensorValue((), "int64", ctx.span())
        return CardinalityValue((), "int64", ctx.span(), count=self.count)

    def length(self, ctx: CallContext) -> AbstractValue:
        """``len(dataset)``: TensorFlow raises for an infinite or unknown length."""
        if self.count is None:
            return NON_NEGATIVE_INT
        if self.count >= 0:
            return IntValue.constant_of(self.count)
        infinite = self.count == INFINITE
        ctx.report(messages.DATASET, messages.dataset_length(infinite))
        return TOP

    def _batch(self, ctx: CallContext, name: str) -> AbstractValue:
        """``batch(batch_size, drop_remainder=False, ...)``; ``padded_batch`` with its default
        padded shapes only."""
        size = ctx.int_constant(ctx.arg(0, "batch_size"))
        padded = ctx.arg(1, "padded_shapes") if name == "padded_batch" else None
        element = self.element
        if padded is not None and padded is not NONE:
            element = _padded(ctx, element, padded)
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
        count = None
        if size is not None and size > 0 and self.count is not None and exact is not None:
            count = _batched(self.count, size, exact)
        rows = None
        if name == "batch" and isinstance(batch, SymbolicDim) and size is not None:
            rows = _certain_rows(batch, self.count, size)
        return DatasetValue(
            _map_element(
                element,
                lambda spec: _spec(
                    None if spec.shape is None else (batch, *spec.shape), spec.dtype
                ),
            ),
            count,
            rows=rows,
        )

    def _unbatch(self) -> AbstractValue:
        def drop_first(spec: TensorValue) -> TensorValue | None:
            if spec.shape is None:
                return _spec(None, spec.dtype)
            return _spec(spec.shape[1:], spec.dtype) if spec.shape else None

        count = UNKNOWN_COUNT if self.count is not None and self.count >= 0 else None
        return DatasetValue(_map_element(self.element, drop_first), count)

    def _map(self, ctx: CallContext) -> AbstractValue:
        """``map(map_func, ...)``: the function's result structure, analysed on graph tensors."""
        function = ctx.arg(0, "map_func")
        if function is None or self.element is None:
            return DatasetValue(None, self.count, self.sized)
        argument = element_value(self.element, "graph", ctx)
        arguments = list(argument.items or ()) if isinstance(argument, TupleValue) else [argument]
        result = element_of(ctx.invoke(function, arguments), ctx)
        return DatasetValue(result, self.count, self.sized)

    def iterate(self, ctx: CallContext) -> AbstractValue:
        return element_value(self.element, "tensor", ctx, self.rows)


@dataclass(frozen=True, slots=True)
class ElementSpecValue(NativeValue):
    """A dataset's ``element_spec`` (for hover; indexing a tuple spec gives its parts)."""

    element: Element

    def describe(self) -> str:
        return describe_element(self.element)

    def contains(self, concrete: object) -> bool:
        return True

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        key = ctx.str_constant(index)
        if isinstance(self.element, DictElement) and key is not None:
            part = dict(self.element.entries).get(key)
            return ElementSpecValue(part) if part is not None else TOP
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
    """The element of ``from_tensor_slices(value)`` (before slicing); ``FAILED`` after a
    reported failure."""
    if depth < 8 and not isinstance(value, (TensorValue, TupleValue)):
        entries = ctx.dict_entries(value)
        if entries is not None:
            if len(entries) > MAX_COMPONENTS or not all(isinstance(key, str) for key, _ in entries):
                return None
            mapped = []
            for key, item in entries:
                part = _slices(ctx, item, depth + 1)
                if part is FAILED:
                    return FAILED
                mapped.append((key, part))
            if any(part is None for _, part in mapped):
                return None
            return DictElement(tuple(mapped))  # type: ignore[arg-type]
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
    if isinstance(element, DictElement):
        return [size for _, item in element.entries for size in _first_sizes(item)]
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
    count = sizes[0] if sizes and isinstance(sizes[0], int) else None
    same = all(size == sizes[0] for size in sizes[1:])
    form = sized_count(sizes[0]) if sizes and same else None
    return DatasetValue(
        _map_element(
            element,
            lambda spec: _spec(None if spec.shape is None else spec.shape[1:], spec.dtype),
        ),
        count,
        affine(*form) if form is not None and form[0] != 0 else None,
    )


def from_tensors(ctx: CallContext) -> AbstractValue:
    """``Dataset.from_tensors(tensors)``: one element, the whole structure."""
    value = ctx.arg(0, "tensors")
    if value is not None and not isinstance(value, (TensorValue, ArrayValue)):
        structured = element_of(value, ctx)
        if structured is not None:
            return DatasetValue(structured, 1)
    source = run(ctx, lambda: operand(ctx, value)) if value is not None else None
    if source is None or source is FAILED:
        return DatasetValue(None, 1) if source is None else TOP
    return DatasetValue(_spec(source.shape, source.dtype), 1)  # type: ignore[union-attr]


def range_dataset(ctx: CallContext) -> AbstractValue:
    """``Dataset.range(...)``: scalar ``int64`` elements, as many as ``range`` of the same
    arguments gives."""
    bounds = [ctx.int_constant(item) for item in ctx.args]
    count = None
    if 1 <= len(bounds) <= 3 and None not in bounds and not ctx.kwargs and bounds[-1] != 0:
        count = len(range(*bounds))  # type: ignore[arg-type]
    sized = None
    if len(ctx.args) == 1 and not ctx.kwargs and isinstance(ctx.args[0], IntValue):
        stop = ctx.args[0]
        if stop.dimension() is not None and stop.low is not None and stop.low >= 0:
            sized = stop
    return DatasetValue(_spec((), "int64"), count, sized)


def zip_datasets(ctx: CallContext) -> AbstractValue:
    """``Dataset.zip(datasets)`` with a tuple or dict of datasets: as many elements as the
    shortest."""
    value = ctx.arg(0, "datasets")
    items = value.items if isinstance(value, TupleValue) else None
    entries = ctx.dict_entries(value) if items is None and value is not None else None
    datasets = items if items is not None else [item for _, item in entries or ()]
    if not datasets or not all(isinstance(item, DatasetValue) for item in datasets):
        return DatasetValue(None)
    counts = [item.count for item in datasets]  # type: ignore[union-attr]
    count = _zipped(counts)  # type: ignore[arg-type]
    if entries is not None:
        if not all(isinstance(key, str) for key, _ in entries):
            return DatasetValue(None, count)
        mapped = tuple((key, item.element) for key, item in entries)  # type: ignore[union-attr]
        unknown = any(item is None for _, item in mapped)
        return DatasetValue(None if unknown else DictElement(mapped), count)  # type: ignore[arg-type]
    parts = tuple(item.element for item in datasets)  # type: ignore[union-attr]
    return DatasetValue(None if any(part is None for part in parts) else parts, count)


def _zipped(counts: list[int | None]) -> int | None:
    if None in counts:
        return None
    if UNKNOWN_COUNT in counts:
        return UNKNOWN_COUNT
    finite = [count for count in counts if count is not None and count >= 0]
    return min(finite) if finite else INFINITE


def _certain_rows(batch: SymbolicDim, count: int | None, size: int) -> BatchRows | None:
    """The size of every batch of ``size`` made from ``count`` elements without dropping the
    remainder, when they are all equal: one batch of ``count`` elements when it is at most
    ``size``, ``size`` when it divides ``count``."""
    if count is None or count < 1 or size < 1:
        return None
    if count <= size:
        return (batch, count)
    return (batch, size) if count % size == 0 else None


def _batched(count: int, size: int, exact: bool) -> int:
    if count < 0:
        return count
    return count // size if exact else -(-count // size)


def counted(method: str, count: int | None, ctx: CallContext) -> int | None:
    """The cardinality after ``shuffle``/``repeat``/``take``/``skip``/``shard``/``filter``/...
    (the others keep it)."""
    if count is None:
        return None
    if method == "filter":
        return UNKNOWN_COUNT if count != INFINITE else None
    if method == "repeat":
        given = ctx.arg(0, "count")
        times = -1 if given is None or given is NONE else ctx.int_constant(given)
        if times is None:
            return None
        if times < 0:
            return 0 if count == 0 else (INFINITE if count != UNKNOWN_COUNT else UNKNOWN_COUNT)
        return count * times if count >= 0 else (count if times > 0 else 0)
    if method in ("take", "skip"):
        amount = ctx.int_constant(ctx.arg(0, "count"))
        if amount is None or amount < -1:
            return None
        if count == UNKNOWN_COUNT:
            return UNKNOWN_COUNT
        if method == "take":
            if amount == -1:
                return count
            return amount if count == INFINITE else min(count, amount)
        if count == INFINITE:
            return INFINITE
        return 0 if amount == -1 else max(0, count - amount)
    if method == "shard":
        shards = ctx.int_constant(ctx.arg(0, "num_shards"))
        index = ctx.int_constant(ctx.arg(1, "index"))
        if shards is None or index is None or shards <= 0 or not 0 <= index < shards:
            return None
        if count < 0:
            return count
        return count // shards + (1 if index < count % shards else 0)
    return count


def _padded(ctx: CallContext, element: Element, padded: AbstractValue) -> Element:
    """A single tensor element padded to ``padded_shapes`` (``None``/``-1``: unknown size);
    anything else is unknown."""
    if not isinstance(element, TensorValue) or element.shape is None:
        return None
    items = ctx.sequence_items(padded)
    if items is None or len(items) != len(element.shape):
        return None
    sizes: list[Dim] = []
    for item, current in zip(items, element.shape, strict=True):
        size = None if item is NONE else ctx.int_constant(item)
        if size is not None and size != -1:
            if isinstance(current, int) and size < current:
                return None
            sizes.append(size)
        elif item is NONE or size == -1:
            sizes.append(UNKNOWN)
        else:
            return None
    return _spec(tuple(sizes), element.dtype)


@dataclass(frozen=True, slots=True, eq=False)
class CardinalityValue(TensorValue):
    """``dataset.cardinality()``: an ``int64`` scalar of the known ``count``."""

    count: int = 0

    def describe(self) -> str:
        return f"Tensor[int64, ()] = {self.count}"

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "numpy":
            return NativeFunction("Tensor.numpy", lambda call: IntValue.constant_of(self.count))
        return TensorValue.attribute(self, name, ctx)


DATASET_CONSTRUCTORS = {
    "from_tensor_slices": from_tensor_slices,
    "from_tensors": from_tensors,
    "range": range_dataset,
    "zip": zip_datasets,
}


DATASET_METHODS = (
    *SHAPE_PRESERVING,
    "batch",
    "padded_batch",
    "unbatch",
    "map",
    "element_spec",
    "cardinality",
)
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
