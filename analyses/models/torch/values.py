"""Abstract PyTorch values: tensors and dtype objects.

A ``TorchTensor`` has a shape over the dimensions of :mod:`tensorls.analyses.arrays` (or an
unknown rank), a dtype name (or unknown) and the span where its shape was established. Its
``.shape`` and ``.size()`` are tuples of Python ints (``torch.Size`` is a tuple). The behaviour of
tensors under the interpreter's hooks lives in :mod:`.tensor_ops` (imported on first use).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...arrays import shapes
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.numbers import NON_NEGATIVE_INT, IntValue
from ...domains.sequences import TupleValue
from ...domains.strings import StrValue
from ...facts import Span
from ...interpreter.natives import CallContext, NativeValue
from ..values import dim_value
from . import dtypes


@dataclass(frozen=True, slots=True, eq=False)
class TorchTensor(NativeValue):
    """A ``torch.Tensor`` of ``shape`` and ``dtype``. Equality ignores ``established``."""

    shape: Shape
    dtype: str | None
    established: Span | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TorchTensor) and (self.shape, self.dtype) == (
            other.shape,
            other.dtype,
        )

    def __hash__(self) -> int:
        return hash((self.shape, self.dtype))

    @property
    def origin(self) -> Span | None:
        return self.established

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, TorchTensor):
            return TOP
        dtype = self.dtype if self.dtype == other.dtype else None
        origin = self.established if self.established == other.established else None
        return TorchTensor(shapes.join(self.shape, other.shape), dtype, origin)

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP:
            return True
        if not isinstance(other, TorchTensor):
            return False
        return (other.dtype is None or other.dtype == self.dtype) and shapes.leq(
            self.shape, other.shape
        )

    def instance_classes(self) -> tuple[str, ...]:
        return ("torch.Tensor",)

    def describe(self) -> str:
        lines = [f"Tensor[{self.dtype or '?'}, {shapes.format_python(self.shape)}]"]
        for item in shapes.symbols_of(self.shape):
            if item.provenance:
                lines.append(f"{item.name}: {item.provenance}")
        return "\n".join(lines)

    def rebinds_receiver(self, method: str) -> bool:
        """In-place methods that change the shape (``unsqueeze_``, ``t_``) and those the model
        does not know to keep it (``resize_``, ...): the receiver's name then holds their result
        (⊤ when unmodelled)."""
        from .module import METHOD_ONLY

        return method.endswith("_") and not method.startswith("_") and method not in METHOD_ONLY

    def inlay_label(self) -> str | None:
        return None if self.shape is None else shapes.format_python(self.shape)

    def contains(self, concrete: object) -> bool:
        """Whether a concrete tensor may be this value (same dtype name, a possible shape)."""
        shape = getattr(concrete, "shape", None)
        dtype = getattr(concrete, "dtype", None)
        if shape is None or dtype is None:
            return False
        if self.dtype is not None and str(dtype) != f"torch.{self.dtype}":
            return False
        return shapes.contains(self.shape, tuple(shape))

    def __repr__(self) -> str:
        return f"TorchTensor({shapes.format_python(self.shape)}, {self.dtype})"

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        from . import tensor_ops

        return tensor_ops.attribute(self, name, ctx)

    def binary(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        from . import tensor_ops

        return tensor_ops.binary(self, op, other, reflected, ctx)

    def inplace(self, op: str, other: AbstractValue, ctx: CallContext) -> object:
        from . import tensor_ops

        return tensor_ops.inplace(self, op, other, ctx)

    def unary(self, op: str, ctx: CallContext) -> AbstractValue:
        from . import tensor_ops

        return tensor_ops.unary(self, op, ctx)

    def compare(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        from . import tensor_ops

        return tensor_ops.compare(self, op, other, reflected, ctx)

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        from . import tensor_ops

        return tensor_ops.subscript(self, index, ctx)

    def store_subscript(self, index: AbstractValue, value: AbstractValue, ctx: CallContext) -> None:
        from . import tensor_ops

        tensor_ops.store_subscript(self, index, value, ctx)

    def truth(self, ctx: CallContext) -> bool | None:
        from . import tensor_ops

        return tensor_ops.truth(self, ctx)

    def iterate(self, ctx: CallContext) -> AbstractValue:
        if self.shape is None:
            return TorchTensor(None, self.dtype, self.established)
        if len(self.shape) == 0:
            return TOP
        return TorchTensor(self.shape[1:], self.dtype, self.established)

    def length(self, ctx: CallContext) -> AbstractValue:
        if self.shape is None or len(self.shape) == 0:
            return NON_NEGATIVE_INT
        return dim_value(self.shape[0])


class Size(tuple):  # type: ignore[type-arg]
    """How the interpreter sees ``torch.Size``'s type: a tuple with ``numel()`` (the interpreter
    checks attribute names against it; it never runs its methods)."""

    def numel(self) -> int:
        """The product of the sizes."""
        product = 1
        for size in self:
            product *= size
        return product


Size.__name__ = "torch.Size"


@dataclass(frozen=True, slots=True)
class TorchSizeValue(TupleValue):
    """A ``torch.Size`` (``x.shape``, ``x.size()``): a tuple of ints (slicing gives one too)."""

    def python_type(self) -> type | None:
        return Size

    def describe(self) -> str:
        if self.items is None:
            return "torch.Size"
        return "torch.Size[" + ", ".join(item.describe() for item in self.items) + "]"


@dataclass(frozen=True, slots=True)
class TorchDTypeValue(NativeValue):
    """A ``torch.dtype`` such as ``torch.float32``."""

    name: str

    def describe(self) -> str:
        return f"torch.{self.name}"

    def contains(self, concrete: object) -> bool:
        return str(concrete) == f"torch.{self.name}"

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "is_floating_point":
            return BoolValue(dtypes.is_floating(self.name))
        if name == "is_complex":
            return BoolValue(self.name in dtypes.COMPLEX)
        if name == "__name__":
            return StrValue(self.name)
        return TOP


@dataclass(frozen=True, slots=True)
class TorchDeviceValue(NativeValue):
    """A ``torch.device`` (which one is not tracked: shapes and dtypes do not depend on it)."""

    def describe(self) -> str:
        return "torch.device"

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == "device"

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "type":
            return StrValue(None)
        return TOP


@dataclass(frozen=True, slots=True)
class TorchNamedTuple(NativeValue):
    """A named tuple of tensors PyTorch returns (``torch.return_types.max``: ``values``,
    ``indices``): indexing, unpacking and its field names."""

    kind: str
    fields: tuple[str, ...]
    values: tuple[AbstractValue, ...]

    def describe(self) -> str:
        inner = ", ".join(
            f"{field}={value.describe()}"
            for field, value in zip(self.fields, self.values, strict=True)
        )
        return f"torch.return_types.{self.kind}({inner})"

    def contains(self, concrete: object) -> bool:
        return isinstance(concrete, tuple) and len(concrete) == len(self.values)

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, TorchNamedTuple) or other.fields != self.fields:
            return TOP
        joined = tuple(a.join(b) for a, b in zip(self.values, other.values, strict=True))
        return TorchNamedTuple(self.kind, self.fields, joined)

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name in self.fields:
            return self.values[self.fields.index(name)]
        return TOP

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        position = ctx.int_constant(index)
        if position is None or not -len(self.values) <= position < len(self.values):
            return TOP
        return self.values[position]

    def items(self, ctx: CallContext) -> list[AbstractValue]:
        return list(self.values)

    def iterate(self, ctx: CallContext) -> AbstractValue:
        result = self.values[0]
        for value in self.values[1:]:
            result = result.join(value)
        return result

    def length(self, ctx: CallContext) -> AbstractValue:
        return IntValue.constant_of(len(self.values))

    def held_values(self) -> tuple[AbstractValue, ...]:
        return self.values
