"""Shape rules of reductions, scans, sorting and counting.

``axis`` is ``None`` (all axes), an int (``UNKNOWN`` when unknown), or a tuple of them;
``keepdims`` is ``True``/``False`` or ``None`` when unknown. Out-of-range axes on a known rank are
certain ``AxisError``s with NumPy's wording.
"""

from __future__ import annotations

from . import shapes
from .broadcasting import normalize_axes, normalize_axis
from .dims import UNKNOWN, Dim, UnknownDim
from .errors import ARGUMENT, CertainShapeError
from .shapes import Shape

AxisArgument = None | Dim | tuple[Dim, ...]
REPEATED_AXIS = "repeated axis"
"""The repeated-axis message of ``median``, ``percentile`` and ``quantile``."""


def reduce(
    shape: Shape,
    axis: AxisArgument,
    keepdims: bool | None,
    ufunc: bool = False,
    duplicate: str = "duplicate value in 'axis'",
) -> Shape:
    """``sum``, ``mean``, ``std``, ``var``, ``max``, ``min``, ``prod``, ``any``, ``all``,
    ``median``, ``count_nonzero``, ``ptp`` and the like.

    ``ufunc`` marks reductions implemented by a ufunc's ``reduce`` (``sum``, ``prod``, ``max``,
    ``min``, ``any``, ``all``), which accept a single axis 0 or -1 on a 0-d array. ``duplicate``
    is the message for a repeated axis (``median`` and the quantiles say ``repeated axis``).
    """
    if ufunc and shape == () and axis in (0, -1) and not isinstance(axis, tuple):
        return ()
    if axis is None:
        if keepdims is None:
            return None
        if keepdims:
            return None if shape is None else (1,) * len(shape)
        return ()
    axes = axis if isinstance(axis, tuple) else (axis,)
    ndim = None if shape is None else len(shape)
    if isinstance(axis, tuple):
        normalized = normalize_axes(axes, ndim, duplicate)
    else:
        normalized = (normalize_axis(axis, ndim),)
    if shape is None or keepdims is None:
        return None
    if any(isinstance(position, UnknownDim) for position in normalized):
        rank = len(shape) if keepdims else len(shape) - len(set(normalized))
        return shapes.unknown_of_rank(max(rank, 0))
    if keepdims:
        return tuple(1 if index in normalized else dim for index, dim in enumerate(shape))
    return tuple(dim for index, dim in enumerate(shape) if index not in normalized)


def arg_reduce(shape: Shape, axis: Dim | None, keepdims: bool | None) -> Shape:
    """``argmax``/``argmin``: one axis or the flattened array (a 0-d array acts as a vector)."""
    if shape == ():
        if axis is not None:
            normalize_axis(axis, 1)
        return ()
    return reduce(shape, axis, keepdims)


def scan(shape: Shape, axis: Dim | None) -> Shape:
    """``cumsum``/``cumprod``: the flattened length for ``axis=None``, else the same shape (a 0-d
    array acts as a vector of one element)."""
    if shape == ():
        shape = (1,)
    if axis is None:
        return (shapes.size(shape),)
    normalize_axis(axis, None if shape is None else len(shape))
    return shape


def sort(shape: Shape, axis: Dim | None, indices: bool = False) -> Shape:
    """``sort`` / ``argsort`` (``indices``); the caller passes the default axis -1 explicitly.
    ``argsort`` of a 0-d array acts on a vector of one element."""
    if indices and shape == ():
        if axis is not None:
            normalize_axis(axis, 1)
        return (1,)
    if axis is None:
        return (shapes.size(shape),)
    normalize_axis(axis, None if shape is None else len(shape))
    return shape


def quantile(shape: Shape, q: Shape, axis: AxisArgument, keepdims: bool | None) -> Shape:
    """``percentile``/``quantile``: the shape of ``q`` followed by the reduced shape."""
    reduced = reduce(shape, axis, keepdims, duplicate=REPEATED_AXIS)
    if reduced is None or q is None:
        return None
    return q + reduced


def unique(shape: Shape, axis: Dim | None, count: Dim) -> Shape:
    """``unique``: ``count`` (a fresh symbol from the caller) values along the flattened array
    or along ``axis``."""
    if axis is None:
        return (count,)
    position = normalize_axis(axis, None if shape is None else len(shape))
    if shape is None or isinstance(position, UnknownDim):
        return None
    assert isinstance(position, int)
    return (*shape[:position], count, *shape[position + 1 :])


def bincount(shape: Shape) -> Shape:
    """``bincount``: a 1-D input of non-negative ints to a vector of unknown length."""
    if shape is not None and len(shape) > 1:
        raise CertainShapeError(ARGUMENT, "object too deep for desired array", (0,))
    if shape is not None and len(shape) == 0:
        raise CertainShapeError(ARGUMENT, "object of too small depth for desired array", (0,))
    return (UNKNOWN,)


def nonzero(shape: Shape, count: Dim) -> Shape:
    """``nonzero``: one index vector of length ``count`` per dimension (the caller makes the
    tuple); returns the shape of each vector."""
    if shape is not None and len(shape) == 0:
        raise CertainShapeError(
            ARGUMENT,
            "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() "
            "instead.",
            (0,),
        )
    return (count,)


def argwhere(shape: Shape, count: Dim) -> Shape:
    """``argwhere``: ``(count, ndim)``."""
    if shape is None:
        return (count, UNKNOWN)
    return (count, len(shape))
