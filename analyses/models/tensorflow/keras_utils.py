"""Keras 2.12's data helpers whose results feed ``fit`` and ``predict``: ``to_categorical``
(``keras.utils``, ``keras.utils.np_utils``), ``pad_sequences`` (``keras.utils``,
``keras.preprocessing.sequence``) and ``Tokenizer`` (``keras.preprocessing.text``).

Only the shapes are modelled, as Keras 2.12 computes them (``keras/utils/np_utils.py``,
``keras/utils/data_utils.py``, ``keras/preprocessing/text.py``); the values are not, so a size
Keras infers from them (``to_categorical`` without ``num_classes``, ``pad_sequences`` without
``maxlen``, the vocabulary of a ``Tokenizer`` without ``num_words``) is unknown. Nothing here
reports a failure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...arrays import dims
from ...arrays.dims import UNKNOWN, Dim
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...domains.numbers import NON_NEGATIVE_INT, IntValue
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from ..calls import int_of
from ..values import ArrayValue
from .convert import operand
from .support import run


def _size(ctx: CallContext, value: AbstractValue | None) -> Dim:
    """A size argument Keras infers from the data when it is ``None`` or 0 (unknown then)."""
    if value is None or value is NONE or ctx.int_constant(value) == 0:
        return UNKNOWN
    return int_of(value)


def _dtype(ctx: CallContext, value: AbstractValue | None, default: str) -> str | None:
    if value is None:
        return default
    return ctx.str_constant(value)


def to_categorical(ctx: CallContext) -> AbstractValue:
    """``to_categorical(y, num_classes=None, dtype="float32")``: ``y``'s shape (a trailing size
    1 dropped when ``y`` has more than one axis) followed by ``num_classes``."""
    found = run(ctx, lambda: operand(ctx, ctx.arg(0, "y")))
    shape = getattr(found, "shape", None)
    if shape is None:
        return TOP
    if len(shape) > 1:
        if shape[-1] == 1:
            shape = shape[:-1]
        elif not isinstance(shape[-1], int):
            return TOP
    classes = _size(ctx, ctx.arg(1, "num_classes"))
    dtype = _dtype(ctx, ctx.arg(2, "dtype"), "float32")
    return ArrayValue((*shape, classes), dtype, ctx.span())  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class SequencesValue(NativeValue):
    """The result of ``Tokenizer.texts_to_sequences``: a list of ``count`` lists of word ids
    (their lengths unknown)."""

    count: Dim

    def describe(self) -> str:
        return f"list of {dims.format_dim(self.count)} word-id lists"

    def contains(self, concrete: object) -> bool:
        return isinstance(concrete, list) and dims.contains(self.count, len(concrete))

    def length(self, ctx: CallContext) -> AbstractValue:
        if isinstance(self.count, int):
            return IntValue.constant_of(self.count)
        return NON_NEGATIVE_INT


def _count(ctx: CallContext, value: AbstractValue | None) -> Dim:
    """How many items ``value`` (a list, tuple, array or ``SequencesValue``) has."""
    if isinstance(value, SequencesValue):
        return value.count
    if isinstance(value, ArrayValue) and value.shape:
        return value.shape[0]
    items = ctx.sequence_items(value) if value is not None else None
    return len(items) if items is not None else UNKNOWN


def _flat_sequences(ctx: CallContext, value: AbstractValue | None) -> bool:
    """Whether every item of ``value`` is certainly a flat sequence of numbers (so
    ``pad_sequences`` pads to a matrix, with no trailing sample axes)."""
    if isinstance(value, SequencesValue):
        return True
    if isinstance(value, ArrayValue):
        return value.shape is not None and len(value.shape) == 2
    items = ctx.sequence_items(value) if value is not None else None
    if items is None:
        return False
    for item in items:
        inner = ctx.sequence_items(item)
        if inner is None or any(ctx.int_constant(element) is None for element in inner):
            return False
    return True


def pad_sequences(ctx: CallContext) -> AbstractValue:
    """``pad_sequences(sequences, maxlen=None, dtype="int32", ...)``: ``(len(sequences),
    maxlen)`` for sequences of numbers (unknown otherwise)."""
    sequences = ctx.arg(0, "sequences")
    if not _flat_sequences(ctx, sequences):
        return TOP
    length = _size(ctx, ctx.arg(1, "maxlen"))
    dtype = _dtype(ctx, ctx.arg(2, "dtype"), "int32")
    return ArrayValue((_count(ctx, sequences), length), dtype, ctx.span())


@dataclass(frozen=True, slots=True)
class TokenizerValue(NativeValue):
    """A ``keras.preprocessing.text.Tokenizer``: ``num_words`` when given (its vocabulary is
    not tracked)."""

    num_words: Dim

    def describe(self) -> str:
        return "keras Tokenizer"

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == "Tokenizer"

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name in ("fit_on_texts", "fit_on_sequences"):
            return NativeFunction(f"Tokenizer.{name}", lambda call: NONE)
        if name == "texts_to_sequences":
            return NativeFunction(
                "Tokenizer.texts_to_sequences",
                lambda call: SequencesValue(_count(call, call.arg(0, "texts"))),
            )
        if name in ("texts_to_matrix", "sequences_to_matrix"):
            return NativeFunction(f"Tokenizer.{name}", self._matrix)
        return TOP

    def _matrix(self, ctx: CallContext) -> AbstractValue:
        """``texts_to_matrix(texts, mode="binary")``: one row per text, ``num_words`` columns
        (float64)."""
        return ArrayValue((_count(ctx, ctx.arg(0, "texts")), self.num_words), "float64", ctx.span())


def tokenizer(ctx: CallContext) -> AbstractValue:
    """``Tokenizer(num_words=None, ...)``."""
    return TokenizerValue(_size(ctx, ctx.arg(0, "num_words")))


UTILS: dict[str, Callable[[CallContext], AbstractValue]] = {
    "to_categorical": to_categorical,
    "pad_sequences": pad_sequences,
}
SEQUENCE: dict[str, Callable[[CallContext], AbstractValue]] = {"pad_sequences": pad_sequences}
NP_UTILS: dict[str, Callable[[CallContext], AbstractValue]] = {"to_categorical": to_categorical}
TEXT: dict[str, Callable[[CallContext], AbstractValue]] = {"Tokenizer": tokenizer}
