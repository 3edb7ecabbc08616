"""NumPy broadcasting over abstract shapes, and axis normalisation.

Broadcasting an unknown or symbolic dimension against a known size ``k`` gives ``k`` when
``k != 1`` (every execution that does not fail has the unknown equal to 1 or ``k``) and the
unknown itself when ``k == 1``. Two different symbols give ``UNKNOWN``. A failure is certain only
when two known sizes, neither of them 1, differ at the same aligned position.
"""

from __future__ import annotations

from . import dims, shapes
from .dims import UNKNOWN, Dim, UnknownDim
from .errors import AXIS, BROADCAST, CertainShapeError, axis_error
from .shapes import Shape


def broadcast_dims(values: list[Dim]) -> Dim | None:
    """The broadcast of one aligned position, or ``None`` when it certainly fails."""
    constants = {value for value in values if isinstance(value, int) and value != 1}
    if len(constants) > 1:
        return None
    if constants:
        return constants.pop()
    rest = [value for value in values if value != 1]
    if not rest:
        return 1
    first = rest[0]
    if all(dims.certainly_equal(first, other) for other in rest[1:]):
        return first
    return UNKNOWN


def broadcast_shapes(*operands: Shape) -> Shape:
    """The broadcast shape of ``operands``.

    Raises ``CertainShapeError`` (``shape-broadcast``, NumPy's ``operands could not be broadcast
    together with shapes ...`` wording) when the ranks are known and two known sizes clash.
    """
    if any(shape is None for shape in operands):
        return None
    known: list[tuple[Dim, ...]] = [shape for shape in operands if shape is not None]
    rank = max((len(shape) for shape in known), default=0)
    result: list[Dim] = []
    for position in range(rank):
        column = [
            shape[len(shape) - rank + position]
            for shape in known
            if len(shape) - rank + position >= 0
        ]
        dim = broadcast_dims(column)
        if dim is None:
            listed = "".join(shapes.format_numpy(shape) + " " for shape in known)
            raise CertainShapeError(
                BROADCAST,
                f"operands could not be broadcast together with shapes {listed}",
                tuple(range(len(operands))),
                tuple(known),
            )
        result.append(dim)
    return tuple(result)


def broadcast_into(value: Shape, target: Shape) -> None:
    """Check that a value of shape ``value`` can be assigned into a region of shape ``target``.

    Raises ``CertainShapeError`` with NumPy's ``could not broadcast input array from shape ...
    into shape ...`` wording when that certainly fails (leading size-1 dimensions of the value
    are dropped first, as NumPy does).
    """
    if value is None or target is None:
        return
    trimmed = list(value)
    while len(trimmed) > len(target) and trimmed[0] == 1:
        trimmed.pop(0)
    extra = len(trimmed) - len(target)
    failure = any(isinstance(dim, int) and dim != 1 for dim in trimmed[: max(extra, 0)])
    aligned = trimmed[max(extra, 0) :]
    offset = len(target) - len(aligned)
    for position, dim in enumerate(aligned):
        goal = target[offset + position]
        if isinstance(dim, int) and dim != 1 and isinstance(goal, int) and dim != goal:
            failure = True
    if failure:
        raise CertainShapeError(
            BROADCAST,
            f"could not broadcast input array from shape {shapes.format_numpy(tuple(trimmed))} "
            f"into shape {shapes.format_numpy(target)}",
            (1, 0),
        )


def normalize_axis(axis: Dim, ndim: int | None, prefix: str = "") -> Dim:
    """``axis`` as a non-negative position among ``ndim`` dimensions.

    Returns ``UNKNOWN`` when the axis or the rank is unknown; raises ``CertainShapeError``
    (``shape-axis``) when a known axis is out of range for a known rank.
    """
    if isinstance(axis, UnknownDim) or not isinstance(axis, int) or ndim is None:
        return UNKNOWN
    if not -ndim <= axis < ndim:
        raise axis_error(axis, ndim, prefix)
    return axis % ndim


def normalize_axes(
    axes: tuple[Dim, ...], ndim: int | None, duplicate: str = "duplicate value in 'axis'"
) -> tuple[Dim, ...]:
    """Normalise several axes; raises ``duplicate`` (NumPy's message for the function at hand)
    when two coincide."""
    normalized = tuple(normalize_axis(axis, ndim) for axis in axes)
    known = [axis for axis in normalized if isinstance(axis, int)]
    if len(set(known)) != len(known):
        raise CertainShapeError(AXIS, duplicate, (0,))
    return normalized
