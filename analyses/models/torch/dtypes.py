"""PyTorch's dtypes and its type promotion (``torch.result_type``), which differs from NumPy's.

Operands fall in three priority groups: tensors with at least one dimension, zero-dimensional
tensors, and Python numbers ("wrapped numbers"). Within a group dtypes promote pairwise
(``promote_types``); a lower-priority group only counts when its category (bool < integer <
floating < complex) is higher. A Python ``float`` counts as the default dtype (``float32``), an
``int`` as ``int64``. Unsigned types other than ``uint8`` and anything unknown give an unknown
result (``None``), never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass

DTYPES = (
    "bool",
    "uint8",
    "int8",
    "int16",
    "int32",
    "int64",
    "float16",
    "bfloat16",
    "float32",
    "float64",
    "complex64",
    "complex128",
)
"""The dtypes whose promotion is modelled."""

ALIASES = {
    "half": "float16",
    "float": "float32",
    "double": "float64",
    "short": "int16",
    "int": "int32",
    "long": "int64",
    "cfloat": "complex64",
    "cdouble": "complex128",
}
"""``torch.long`` and the other alternative names of dtypes."""

NAMED = (*DTYPES, "uint16", "uint32", "uint64", "complex32")
"""Every ``torch.<dtype>`` attribute the model binds."""

DEFAULT_FLOAT = "float32"
INTEGER = ("uint8", "int8", "int16", "int32", "int64")
FLOATING = ("float16", "bfloat16", "float32", "float64")
COMPLEX = ("complex64", "complex128")
NUMPY_NAMES = {
    "bool": "bool",
    **{name: name for name in (*INTEGER, "float16", "float32", "float64")},
}
"""The NumPy dtype of a tensor's ``.numpy()`` (``bfloat16`` has none)."""


def category(dtype: str) -> int:
    """0 bool, 1 integer, 2 floating, 3 complex."""
    if dtype == "bool":
        return 0
    if dtype in INTEGER:
        return 1
    if dtype in FLOATING:
        return 2
    return 3


def is_floating(dtype: str | None) -> bool:
    return dtype in FLOATING


def promote_types(a: str | None, b: str | None) -> str | None:
    """``torch.promote_types(a, b)`` for the modelled dtypes (``None`` when unknown)."""
    if a is None or b is None or a not in DTYPES or b not in DTYPES:
        return None
    if a == b:
        return a
    if {a, b} == {"float16", "bfloat16"}:
        return "float32"
    if "bool" in (a, b):
        return b if a == "bool" else a
    category_a, category_b = category(a), category(b)
    if category_a != category_b:
        higher, lower = (a, b) if category_a > category_b else (b, a)
        if category(higher) == 3 and lower == "float64":
            return "complex128"
        return higher
    if category_a == 1:
        if "uint8" in (a, b):
            signed = b if a == "uint8" else a
            return "int16" if signed == "int8" else signed
        return a if DTYPES.index(a) > DTYPES.index(b) else b
    if category_a == 2:
        return a if FLOATING.index(a) > FLOATING.index(b) else b
    return "complex128"


def _combine(higher: str | None, lower: str | None) -> str | None:
    """PyTorch's ``combine_categories``: ``higher`` is the higher-priority group's dtype."""
    if higher is None:
        return lower
    if lower is None:
        return higher
    if category(higher) == 3:
        return higher
    if category(lower) == 3:
        if category(higher) == 2:
            return "complex128" if higher == "float64" else "complex64"
        return lower
    if category(higher) == 2:
        return higher
    if higher == "bool" or category(lower) == 2:
        return promote_types(higher, lower)
    return higher


@dataclass(frozen=True)
class Participant:
    """One operand of a promotion: its dtype, whether it has dimensions (rank >= 1; ``None`` when
    the rank is unknown) and whether it is a Python number."""

    dtype: str | None
    dimensioned: bool | None
    number: bool = False


def result_type(*operands: Participant) -> str | None:
    """The dtype PyTorch computes for an elementwise op on ``operands`` (``None`` if unknown)."""
    groups: list[list[str]] = [[], [], []]
    for item in operands:
        if item.dtype is None or item.dtype not in DTYPES or item.dimensioned is None:
            return None
        if item.number:
            dtype = DEFAULT_FLOAT if category(item.dtype) == 2 else item.dtype
            groups[2].append(dtype)
        else:
            groups[0 if item.dimensioned else 1].append(item.dtype)
    results: list[str | None] = []
    for group in groups:
        merged: str | None = None
        for dtype in group:
            merged = dtype if merged is None else promote_types(merged, dtype)
            if merged is None:
                return None
        results.append(merged)
    return _combine(results[0], _combine(results[1], results[2]))


def true_divide(dtype: str | None) -> str | None:
    """The dtype of ``/``: integers and bools divide into the default float dtype."""
    if dtype is None:
        return None
    return DEFAULT_FLOAT if category(dtype) < 2 else dtype


def floating_result(dtype: str | None) -> str | None:
    """The dtype of ops that compute in floating point (``exp``, ``sqrt``, ``sigmoid``, ...):
    integers and bools give the default float dtype."""
    return true_divide(dtype)
