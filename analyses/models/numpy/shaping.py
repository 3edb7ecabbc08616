"""Models of the shape-manipulation functions (``reshape``, ``transpose``, joins, splits, ``tile``,
``repeat``, ``pad``, ``broadcast_to``, ``flip``, ``roll``, ``diff``, ...)."""

from __future__ import annotations

from collections.abc import Callable

from ...arrays import manipulation, size_limits
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ..calls import FAILED, ModelCall, Operand, int_of
from ..support import Impl, finish, operand, operands


def _source(call: ModelCall, keyword: str = "a") -> Operand | object | None:
    return operand(call, 0, keyword)


def _unary_rule(rule: Callable[[ModelCall, Shape], Shape], keyword: str = "a") -> Impl:
    """A model whose result keeps the source's dtype and whose shape comes from ``rule``."""

    def impl(call: ModelCall) -> AbstractValue:
        source = _source(call, keyword)
        if source is FAILED:
            return TOP
        if not isinstance(source, Operand):
            return call.array(None, None)
        shape = call.run(lambda: rule(call, source.shape), [source])
        return finish(call, shape, source.dtype)

    return impl


def _varargs_dims(call: ModelCall, keyword: str) -> tuple[Dim, ...] | None:
    """``a.reshape(3, 4)`` or ``a.reshape((3, 4))`` / ``np.reshape(a, (3, 4))``."""
    if len(call.args) > 2:
        return tuple(int_of(value) for value in call.args[1:])
    return call.dims_of(call.arg(1, keyword))


def _reshape(call: ModelCall, shape: Shape) -> Shape:
    target = _varargs_dims(call, "shape") or _varargs_dims(call, "newshape")
    if target is None:
        return None
    size_limits.check_numpy_reshape_target(target)
    return manipulation.reshape(shape, target)


def _transpose(call: ModelCall, shape: Shape) -> Shape:
    if len(call.args) > 2:
        return manipulation.transpose(shape, tuple(int_of(value) for value in call.args[1:]))
    axes_value = call.arg(1, "axes")
    if axes_value is None or axes_value is NONE:
        return manipulation.transpose(shape, None)
    axes = call.dims_of(axes_value)
    return manipulation.transpose(shape, axes) if axes is not None else None


def _swapaxes(call: ModelCall, shape: Shape) -> Shape:
    return manipulation.swapaxes(shape, int_of(call.arg(1, "axis1")), int_of(call.arg(2, "axis2")))


def _moveaxis(call: ModelCall, shape: Shape) -> Shape:
    source = call.dims_of(call.arg(1, "source"))
    destination = call.dims_of(call.arg(2, "destination"))
    if source is None or destination is None:
        return None if shape is None else tuple(UNKNOWN for _ in shape)
    return manipulation.moveaxis(shape, source, destination)


def _expand_dims(call: ModelCall, shape: Shape) -> Shape:
    axes = call.dims_of(call.arg(1, "axis"))
    return manipulation.expand_dims(shape, axes) if axes is not None else None


def _squeeze(call: ModelCall, shape: Shape) -> Shape:
    value = call.arg(1, "axis")
    if value is None or value is NONE:
        return manipulation.squeeze(shape, None)
    axes = call.dims_of(value)
    return manipulation.squeeze(shape, axes) if axes is not None else None


def _ravel(call: ModelCall, shape: Shape) -> Shape:
    return manipulation.ravel(shape)


def _tile(call: ModelCall, shape: Shape) -> Shape:
    reps = call.dims_of(call.arg(1, "reps"))
    return manipulation.tile(shape, reps) if reps is not None else None


def _repeat(call: ModelCall, shape: Shape) -> Shape:
    value = call.arg(1, "repeats")
    axis = call.optional_int(call.arg(2, "axis"))
    items = call.items(value) if value is not None else None
    repeats: Dim | tuple[Dim, ...] = (
        tuple(int_of(item) for item in items) if items is not None else int_of(value)
    )
    return manipulation.repeat(shape, repeats, axis)


def _broadcast_to(call: ModelCall, shape: Shape) -> Shape:
    target = call.dims_of(call.arg(1, "shape"))
    return manipulation.broadcast_to(shape, target) if target is not None else None


def _pad(call: ModelCall, shape: Shape) -> Shape:
    width_value = call.arg(1, "pad_width")
    if width_value is None:
        return None
    scalar = int_of(width_value)
    if isinstance(scalar, int) or call.items(width_value) is None:
        if shape is None:
            return None
        return manipulation.pad(shape, (), ((scalar, scalar),))
    rows = call.items(width_value) or []
    pairs: list[tuple[Dim, Dim]] = []
    nested = [call.items(row) for row in rows]
    if all(row is None for row in nested):
        if len(rows) == 2:
            before, after = (int_of(row) for row in rows)
            return manipulation.pad(shape, (2,), ((before, after),))
        return manipulation.pad(shape, (len(rows),), None)
    for row in nested:
        if row is None or len(row) not in (1, 2):
            return None if shape is None else tuple(UNKNOWN for _ in shape)
        before = int_of(row[0])
        pairs.append((before, int_of(row[-1])))
    width: Shape = (
        (len(rows), 2) if all(row is not None and len(row) == 2 for row in nested) else None
    )
    if len(pairs) not in (1, len(shape or ())):
        return manipulation.pad(shape, width, None)
    return manipulation.pad(shape, width, tuple(pairs))


def _same_with_axis(call: ModelCall, shape: Shape) -> Shape:
    return manipulation.same_with_axis(shape, call.optional_int(call.arg(1, "axis")))


def _roll(call: ModelCall, shape: Shape) -> Shape:
    return manipulation.same_with_axis(shape, call.optional_int(call.arg(2, "axis")))


def _diff(call: ModelCall, shape: Shape) -> Shape:
    n_value = call.arg(1, "n")
    axis_value = call.arg(2, "axis")
    n = 1 if n_value is None else int_of(n_value)
    axis = -1 if axis_value is None else int_of(axis_value)
    return manipulation.diff(shape, n, axis)


def _at_least(rank: int) -> Callable[[ModelCall, Shape], Shape]:
    return lambda call, shape: manipulation.at_least(shape, rank)


def _flip_2d(call: ModelCall, shape: Shape) -> Shape:
    from ...arrays.errors import ARGUMENT, CertainShapeError

    if shape is not None and len(shape) < 2:
        raise CertainShapeError(ARGUMENT, "Input must be >= 2-d.", (0,))
    return shape


def _flip_1d(call: ModelCall, shape: Shape) -> Shape:
    return manipulation.same_with_axis(shape, 0)


def _same(call: ModelCall, shape: Shape) -> Shape:
    return shape


def _joined(rule: Callable[[list[Shape], Dim | None], Shape], default_axis: int | None) -> Impl:
    def impl(call: ModelCall) -> AbstractValue:
        parts = (
            operands(call, 0, "arrays")
            if call.arg(0, "arrays") is not None
            else operands(call, 0, "tup")
        )
        if parts is None:
            return call.array(None, None)
        axis_value = call.arg(1, "axis")
        axis = default_axis if axis_value is None else call.optional_int(axis_value)
        shape = call.run(
            lambda: rule([part.shape if part else None for part in parts], axis), parts
        )
        dtype = _common_dtype(parts)
        return finish(call, shape, dtype)

    return impl


def _stacked(rule: Callable[[list[Shape]], Shape]) -> Impl:
    def impl(call: ModelCall) -> AbstractValue:
        parts = operands(call, 0, "tup")
        if parts is None:
            return call.array(None, None)
        shape = call.run(lambda: rule([part.shape if part else None for part in parts]), parts)
        return finish(call, shape, _common_dtype(parts))

    return impl


def _common_dtype(parts: list[Operand | None]) -> str | None:
    from ...arrays import dtypes

    if not parts or any(part is None for part in parts):
        return None
    return dtypes.promote(*((part.dtype, False) for part in parts if part is not None))


def _stack(shapes_: list[Shape], axis: Dim | None) -> Shape:
    return manipulation.stack(shapes_, 0 if axis is None else axis)


def _split(equal: bool) -> Impl:
    def impl(call: ModelCall) -> AbstractValue:
        source = _source(call, "ary")
        if source is FAILED:
            return TOP
        if not isinstance(source, Operand):
            return TOP
        value = call.arg(1, "indices_or_sections")
        items = call.items(value) if value is not None else None
        sections: Dim | tuple[Dim, ...] = (
            tuple(int_of(item) for item in items) if items is not None else int_of(value)
        )
        axis_value = call.arg(2, "axis")
        axis = 0 if axis_value is None else int_of(axis_value)
        pieces = call.run(lambda: manipulation.split(source.shape, sections, axis, equal), [source])
        if pieces is FAILED or pieces is None:
            return TOP
        return call.ctx.make_list([call.array(piece, source.dtype) for piece in pieces])  # type: ignore[union-attr]

    return impl


def _append(call: ModelCall) -> AbstractValue:
    left, right = operand(call, 0, "arr"), operand(call, 1, "values")
    if FAILED in (left, right):
        return TOP
    if not isinstance(left, Operand) or not isinstance(right, Operand):
        return call.array(None, None)
    axis = call.optional_int(call.arg(2, "axis"))
    shape = call.run(lambda: manipulation.append(left.shape, right.shape, axis), [left, right])
    return finish(call, shape, _common_dtype([left, right]))


FUNCTIONS: dict[str, Impl] = {
    "reshape": _unary_rule(_reshape),
    "ravel": _unary_rule(_ravel),
    "transpose": _unary_rule(_transpose),
    "permute_dims": _unary_rule(_transpose),
    "swapaxes": _unary_rule(_swapaxes),
    "moveaxis": _unary_rule(_moveaxis),
    "expand_dims": _unary_rule(_expand_dims),
    "squeeze": _unary_rule(_squeeze),
    "tile": _unary_rule(_tile, "A"),
    "repeat": _unary_rule(_repeat),
    "broadcast_to": _unary_rule(_broadcast_to, "array"),
    "pad": _unary_rule(_pad, "array"),
    "flip": _unary_rule(_same_with_axis, "m"),
    "fliplr": _unary_rule(_flip_2d, "m"),
    "flipud": _unary_rule(_flip_1d, "m"),
    "roll": _unary_rule(_roll),
    "diff": _unary_rule(_diff),
    "atleast_1d": _unary_rule(_at_least(1)),
    "atleast_2d": _unary_rule(_at_least(2)),
    "atleast_3d": _unary_rule(_at_least(3)),
    "triu": _unary_rule(_same, "m"),
    "tril": _unary_rule(_same, "m"),
    "concatenate": _joined(manipulation.concatenate, 0),
    "stack": _joined(_stack, 0),
    "vstack": _stacked(manipulation.vstack),
    "hstack": _stacked(manipulation.hstack),
    "dstack": _stacked(manipulation.dstack),
    "column_stack": _stacked(manipulation.column_stack),
    "split": _split(True),
    "array_split": _split(False),
    "append": _append,
}

METHOD_RULES: dict[str, Callable[[ModelCall, Shape], Shape]] = {
    "reshape": _reshape,
    "ravel": _ravel,
    "flatten": _ravel,
    "transpose": _transpose,
    "swapaxes": _swapaxes,
    "squeeze": _squeeze,
    "repeat": _repeat,
    "copy": _same,
    "view": _same,
}
