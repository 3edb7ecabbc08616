"""Array element types: a NumPy dtype name (``"float64"``), or ``None`` for an unknown dtype.

Promotion is NumPy's own: the functions below ask NumPy once per distinct question (cached), on
one-element arrays, so the answers follow the installed NumPy exactly (NEP 50 "weak" Python
scalars included). A question NumPy rejects (no loop for those dtypes) yields ``None``.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any

DType = str | None

FLOAT64 = "float64"
INT64 = "int64"
BOOL = "bool"
COMPLEX128 = "complex128"

Operand = tuple[DType, bool]
"""An operand of a promotion: its dtype and whether it is a "weak" Python scalar."""

_WEAK_SAMPLES: dict[str, object] = {BOOL: True, INT64: 1, FLOAT64: 1.0, COMPLEX128: 1j}

PYTHON_SCALAR_DTYPES: dict[str, str] = {
    "bool": BOOL,
    "int": INT64,
    "float": FLOAT64,
    "complex": COMPLEX128,
}


def canonical(name: str) -> DType:
    """The canonical dtype name for a spelling NumPy accepts (``"f4"`` → ``"float32"``)."""
    return _canonical(name)


@functools.lru_cache(maxsize=256)
def _canonical(name: str) -> DType:
    import numpy

    try:
        return numpy.dtype(name).name
    except TypeError:
        return None


def _sample(operand: Operand) -> object:
    import numpy

    dtype, weak = operand
    if weak and dtype in _WEAK_SAMPLES:
        return _WEAK_SAMPLES[dtype]
    return numpy.ones(1, dtype=dtype)


def ufunc_result(name: str, operands: tuple[Operand, ...]) -> DType:
    """The output dtype of NumPy ufunc ``name`` on operands of these dtypes (``None`` if unknown)."""
    if any(dtype is None for dtype, _ in operands):
        return None
    return _ufunc_result(name, operands)


@functools.lru_cache(maxsize=1024)
def _ufunc_result(name: str, operands: tuple[Operand, ...]) -> DType:
    return _result_dtype(name, lambda numpy: [_sample(operand) for operand in operands])


def reduction_result(name: str, dtype: DType) -> DType:
    """The dtype of ``numpy.<name>(array)`` for an array of ``dtype`` (``sum``, ``mean``, ...)."""
    if dtype is None:
        return None
    return _reduction_result(name, dtype)


@functools.lru_cache(maxsize=256)
def _reduction_result(name: str, dtype: str) -> DType:
    return _result_dtype(name, lambda numpy: [numpy.ones(2, dtype=dtype)])


def _result_dtype(name: str, samples: Callable[[Any], list[object]]) -> DType:
    """The dtype of ``numpy.<name>(*samples(numpy))``, NumPy's warnings silenced; None when NumPy
    has no ``name`` or rejects the samples (``TypeError``, which includes NumPy's
    ``DTypePromotionError``, or ``ValueError``)."""
    import numpy

    function = getattr(numpy, name, None)
    if function is None:
        return None
    try:
        with numpy.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = function(*samples(numpy))
    except (TypeError, ValueError):
        return None
    return numpy.asarray(result).dtype.name


def promote(*operands: Operand) -> DType:
    """NumPy's ``result_type`` of the operands (``None`` if any is unknown or they don't mix)."""
    if any(dtype is None for dtype, _ in operands):
        return None
    return _promote(operands)


@functools.lru_cache(maxsize=512)
def _promote(operands: tuple[Operand, ...]) -> DType:
    import numpy

    try:
        return numpy.result_type(*(_sample(operand) for operand in operands)).name
    except (TypeError, numpy.exceptions.DTypePromotionError):
        return None
