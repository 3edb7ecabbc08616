"""Abstract TensorFlow values: tensors (eager, Keras symbolic, variables), ``TensorShape`` objects
and dtype objects.

A tensor has a shape over the dimensions of :mod:`tensorls.analyses.arrays` and a dtype name (or
unknown). The unknown batch dimension of a Keras tensor is the symbol ``None`` created where the
``Input`` (or input shape) was declared: a symbol, never a guessed size. ``symbolic`` marks Keras
tensors, whose failing ops raise graph-mode messages that this model does not word (so it never
reports them). The behaviour of tensors under the interpreter's hooks lives in
:mod:`.tensor_ops` (imported on first use).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...arrays import dims, shapes
from ...arrays.dims import Dim, SymbolicDim
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...domains.numbers import NON_NEGATIVE_INT, IntValue
from ...facts import Span
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from ..values import DimValue

if TYPE_CHECKING:
    from .graphs import GraphNode

BATCH = "None"
"""The name of the symbol standing for Keras's unknown batch dimension."""


def is_batch(dim: Dim) -> bool:
    return isinstance(dim, SymbolicDim) and any(item.name == BATCH for item in dim.symbols())


def printed(shape: tuple[Dim, ...]) -> tuple[Dim | None, ...] | None:
    """``shape`` as Keras prints it (``None`` for the batch symbol); ``None`` when another size
    is not a constant."""
    result: list[Dim | None] = []
    for dim in shape:
        if is_batch(dim) and isinstance(dim, SymbolicDim) and len(dim.terms) == 1:
            result.append(None)
        elif isinstance(dim, int):
            result.append(dim)
        else:
            return None
    return tuple(result)


def format_shape(shape: Shape) -> str:
    """``(None, 128)`` as TensorFlow prints a ``TensorShape``; ``(...)`` for an unknown rank."""
    return shapes.format_python(shape)


EAGER_TENSOR = "tensorflow.python.framework.ops.EagerTensor"
"""The class of every eager tensor (``type(tf.constant(0))``), a ``tf.Tensor``."""


@dataclass(frozen=True, slots=True, eq=False)
class TensorValue(NativeValue):
    """A ``tf.Tensor`` (``kind`` "tensor"), a Keras symbolic tensor ("keras"), a graph tensor
    inside a traced function ("graph"), a ``tf.Variable`` ("variable") or a dataset's
    ``TensorSpec`` ("spec") of ``shape`` and ``dtype``; ``optional`` when it may also be ``None``
    (a gradient: whether the target depends on its source is not tracked). A Keras tensor made
    by a layer call keeps that call as its ``history`` (for a functional model's layers). A
    TensorFlow 1 graph tensor ("tf1") keeps the op that made it as its ``graph`` node
    (:mod:`.graphs`). Equality ignores ``established`` and ``history``; two graph tensors are
    equal only when made by the same op (a session runs what made them)."""

    shape: Shape
    dtype: str | None
    established: Span | None = None
    kind: str = "tensor"
    optional: bool = False
    history: KerasNode | None = None
    graph: GraphNode | None = None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, TensorValue)
            and (
                self.shape,
                self.dtype,
                self.kind,
                self.optional,
            )
            == (other.shape, other.dtype, other.kind, other.optional)
            and self.graph is other.graph
        )

    def __hash__(self) -> int:
        return hash((self.shape, self.dtype, self.kind, self.optional))

    def may_be_none(self) -> bool:
        return self.optional

    def instance_classes(self) -> tuple[str, ...]:
        """Eager and graph tensors are ``tf.Tensor``s, eager ones exactly ``EagerTensor``s,
        variables ``tf.Variable``s (not tensors in TF 2.12); Keras symbolic tensors and specs are
        neither, and a gradient that may be ``None`` is not known to be either."""
        if self.optional:
            return ()
        if self.kind == "tensor":
            return (EAGER_TENSOR, "tensorflow.Tensor")
        if self.kind == "graph":
            return ("tensorflow.Tensor",)
        return ("tensorflow.Variable",) if self.kind == "variable" else ()

    def exact_class(self) -> str | None:
        return EAGER_TENSOR if self.kind == "tensor" and not self.optional else None

    def maybe_classes(self) -> tuple[str, ...]:
        """A graph tensor is an ``EagerTensor`` when the traced function runs eagerly
        (``tf.config.run_functions_eagerly(True)``, not tracked)."""
        return (EAGER_TENSOR,) if self.kind == "graph" and not self.optional else ()

    @property
    def symbolic(self) -> bool:
        return self.kind in ("keras", "graph", "tf1")

    @property
    def origin(self) -> Span | None:
        return self.established

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, TensorValue) or other.kind != self.kind:
            return TOP
        dtype = self.dtype if self.dtype == other.dtype else None
        origin = self.established if self.established == other.established else None
        optional = self.optional or other.optional
        history = self.history if self.history is other.history else None
        shape = shapes.join(self.shape, other.shape)
        graph = self.graph if self.graph is other.graph else None
        return TensorValue(shape, dtype, origin, self.kind, optional, history, graph)

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP:
            return True
        if not isinstance(other, TensorValue) or other.kind != self.kind:
            return False
        if self.optional and not other.optional:
            return False
        if other.graph is not None and self.graph is not other.graph:
            return False
        return (other.dtype is None or other.dtype == self.dtype) and shapes.leq(
            self.shape, other.shape
        )

    def describe(self) -> str:
        title = "Variable" if self.kind == "variable" else "Tensor"
        lines = [f"{title}[{self.dtype or '?'}, {format_shape(self.shape)}]"]
        if self.optional:
            lines[0] += " or None"
        for item in shapes.symbols_of(self.shape):
            if item.provenance:
                lines.append(f"{item.name}: {item.provenance}")
        return "\n".join(lines)

    def inlay_label(self) -> str | None:
        return None if self.shape is None else format_shape(self.shape)

    def contains(self, concrete: object) -> bool:
        """Whether a concrete tensor (or array) may be this value: its dims are each possible
        (a ``None`` dim of a Keras tensor matches only an unknown or ``None`` size)."""
        if concrete is None:
            return self.optional
        shape = getattr(concrete, "shape", None)
        if shape is None:
            return False
        as_list = getattr(shape, "as_list", None)
        rank = getattr(shape, "rank", len(shape) if isinstance(shape, tuple) else None)
        if rank is None or self.shape is None:
            return True
        values = as_list() if as_list is not None else list(shape)
        return len(values) == len(self.shape) and all(
            dims.contains(dim, value) if value is not None else not isinstance(dim, int)
            for dim, value in zip(self.shape, values, strict=False)
        )

    def __repr__(self) -> str:
        return f"TensorValue({format_shape(self.shape)}, {self.dtype}, {self.kind})"

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        from . import tensor_ops

        if self.kind == "tf1":
            from . import sessions

            method = sessions.tensor_method(self, name)
            if method is not None:
                return method
        return tensor_ops.attribute(self, name, ctx)

    def binary(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        from . import tensor_ops

        if self.kind == "tf1" or (isinstance(other, TensorValue) and other.kind == "tf1"):
            from . import graphs

            return graphs.binary(self, op, other, reflected, ctx)
        return tensor_ops.binary(self, op, other, reflected, ctx)

    def dict_key(self) -> object | None:
        """A placeholder is a ``feed_dict`` key (its ``PlaceholderKey``)."""
        return self.graph.key if self.graph is not None else None

    def unary(self, op: str, ctx: CallContext) -> AbstractValue:
        if op in ("USub", "UAdd", "Invert"):
            return TensorValue(self.shape, self.dtype, ctx.span(), self.result_kind)
        return TOP

    def compare(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        from . import tensor_ops

        return tensor_ops.compare(self, op, other, reflected, ctx)

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        from . import tensor_ops

        return tensor_ops.subscript(self, index, ctx)

    def iterate(self, ctx: CallContext) -> AbstractValue:
        if self.shape is None or len(self.shape) == 0:
            return TOP
        return TensorValue(self.shape[1:], self.dtype, self.established, self.result_kind)

    def length(self, ctx: CallContext) -> AbstractValue:
        if self.shape is None or len(self.shape) == 0:
            return NON_NEGATIVE_INT
        first = python_dim(self.shape[0])
        return NON_NEGATIVE_INT if first is NONE or first is TOP else first

    @property
    def result_kind(self) -> str:
        """The kind of a tensor computed from this one (a variable gives a plain tensor)."""
        return self.kind if self.symbolic else "tensor"


@dataclass(frozen=True, slots=True, eq=False)
class KerasNode:
    """One call of a Keras layer on symbolic tensors: the layer (a ``LayerValue``) and the
    tensors it was called on, in order."""

    layer: object
    inputs: tuple[TensorValue, ...]


def python_dim(dim: Dim) -> AbstractValue:
    """The Python value of one ``TensorShape`` entry: an int, a size, or ``None`` for the batch."""
    if isinstance(dim, int):
        return IntValue.constant_of(dim)
    if is_batch(dim):
        return NONE if isinstance(dim, SymbolicDim) and len(dim.terms) == 1 else TOP
    if isinstance(dim, SymbolicDim):
        return DimValue(dim)
    return TOP


@dataclass(frozen=True, slots=True)
class TensorShapeValue(NativeValue):
    """A ``tf.TensorShape`` (``tensor.shape``): indexing gives sizes (``None`` for the batch)."""

    shape: Shape

    def describe(self) -> str:
        if self.shape is None:
            return "TensorShape(None)"
        inner = ", ".join("None" if is_batch(dim) else dims.format_dim(dim) for dim in self.shape)
        return f"TensorShape([{inner}])"

    def contains(self, concrete: object) -> bool:
        return hasattr(concrete, "as_list")

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name in ("rank", "ndims"):
            return TOP if self.shape is None else IntValue.constant_of(len(self.shape))
        if name == "as_list" and self.shape is not None:
            items = [python_dim(dim) for dim in self.shape]
            return NativeFunction("TensorShape.as_list", lambda call: call.make_list(items))
        return TOP

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        position = ctx.int_constant(index)
        if self.shape is None or position is None:
            return TOP
        if not -len(self.shape) <= position < len(self.shape):
            return TOP
        return python_dim(self.shape[position])

    def iterate(self, ctx: CallContext) -> AbstractValue:
        if self.shape is None or not self.shape:
            return TOP
        values = [python_dim(dim) for dim in self.shape]
        result = values[0]
        for value in values[1:]:
            result = result.join(value)
        return result

    def items(self, ctx: CallContext) -> list[AbstractValue] | None:
        """``n, d = tensor.shape``: each size (``None`` for a batch dimension)."""
        return None if self.shape is None else [python_dim(dim) for dim in self.shape]

    def length(self, ctx: CallContext) -> AbstractValue:
        return NON_NEGATIVE_INT if self.shape is None else IntValue.constant_of(len(self.shape))


@dataclass(frozen=True, slots=True)
class TFDTypeValue(NativeValue):
    """A ``tf.DType`` such as ``tf.float32``."""

    name: str

    def describe(self) -> str:
        return f"tf.{self.name}"

    def contains(self, concrete: object) -> bool:
        return getattr(concrete, "name", None) == self.name

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        from ...domains.strings import StrValue

        if name == "name":
            return StrValue(self.name)
        return TOP
