"""Shape-manipulation rules against NumPy."""

from __future__ import annotations

import numpy as np
from hypothesis import assume, given
from hypothesis import strategies as st
from tensorls.analyses.arrays import dims, manipulation

from .oracle import ORACLE, abstracted, compare, concrete_shapes, never_reports_when_numpy_succeeds

SHAPES = concrete_shapes(max_rank=3, max_side=4)
AXES = st.integers(-4, 3)


def _shapes(result) -> list[tuple[int, ...]]:
    return [np.shape(part) for part in result]


@ORACLE
@given(SHAPES, st.lists(st.one_of(st.integers(-1, 6), st.just(-1)), max_size=4).map(tuple))
def test_reshape_matches_numpy(shape, target) -> None:
    int(np.prod(shape))
    known = int(np.prod([value for value in target if value >= 0]))
    assume(not (-1 in target and known == 0))
    compare(lambda: manipulation.reshape(shape, target), lambda: np.zeros(shape).reshape(target))


@ORACLE
@given(st.data(), SHAPES, st.lists(st.integers(-1, 6), max_size=4).map(tuple))
def test_reshape_of_hidden_dims_never_false_alarm(data: st.DataObject, shape, target) -> None:
    hidden = data.draw(abstracted(shape))
    never_reports_when_numpy_succeeds(
        lambda: manipulation.reshape(hidden, target), lambda: np.zeros(shape).reshape(target)
    )


def test_reshape_infers_a_symbolic_dimension() -> None:
    n, d = dims.symbol("n", "t"), dims.symbol("d", "t")
    assert manipulation.reshape((n, d), (n, -1)) == (n, d)
    assert manipulation.reshape((n, 4), (-1,)) == (dims.multiply(n, 4),)
    assert manipulation.reshape((n, 4), (-1, 2)) == (dims.multiply(n, 2), 2)


@ORACLE
@given(st.data(), SHAPES)
def test_transpose_swap_move_match_numpy(data: st.DataObject, shape) -> None:
    rank = len(shape)
    axes = tuple(data.draw(st.lists(st.integers(-rank - 1, rank), min_size=rank, max_size=rank)))
    if data.draw(st.booleans()):
        axes = tuple(data.draw(st.permutations(range(rank))))
    compare(
        lambda: manipulation.transpose(shape, axes), lambda: np.transpose(np.zeros(shape), axes)
    )
    compare(lambda: manipulation.transpose(shape, None), lambda: np.zeros(shape).T)
    first, second = data.draw(AXES), data.draw(AXES)
    compare(
        lambda: manipulation.swapaxes(shape, first, second),
        lambda: np.swapaxes(np.zeros(shape), first, second),
    )
    compare(
        lambda: manipulation.moveaxis(shape, (first,), (second,)),
        lambda: np.moveaxis(np.zeros(shape), first, second),
    )


@ORACLE
@given(SHAPES, st.lists(AXES, min_size=1, max_size=2).map(tuple))
def test_expand_dims_and_squeeze_match_numpy(shape, axes) -> None:
    compare(
        lambda: manipulation.expand_dims(shape, axes),
        lambda: np.expand_dims(np.zeros(shape), axes),
    )
    compare(lambda: manipulation.squeeze(shape, axes), lambda: np.squeeze(np.zeros(shape), axes))
    compare(lambda: manipulation.squeeze(shape, None), lambda: np.squeeze(np.zeros(shape)))


JOINS = {
    "vstack": (manipulation.vstack, np.vstack),
    "hstack": (manipulation.hstack, np.hstack),
    "dstack": (manipulation.dstack, np.dstack),
    "column_stack": (manipulation.column_stack, np.column_stack),
}


@ORACLE
@given(st.lists(concrete_shapes(max_rank=3, max_side=3), min_size=1, max_size=3), AXES)
def test_joins_match_numpy(operands, axis: int) -> None:
    arrays = [np.zeros(shape) for shape in operands]
    compare(
        lambda: manipulation.concatenate(operands, axis),
        lambda: np.concatenate(arrays, axis=axis),
    )
    compare(lambda: manipulation.concatenate(operands, None), lambda: np.concatenate(arrays, None))
    compare(lambda: manipulation.stack(operands, axis), lambda: np.stack(arrays, axis=axis))
    for rule, function in JOINS.values():
        compare(lambda: rule(operands), lambda: function(arrays))  # noqa: B023


@ORACLE
@given(st.data(), st.lists(concrete_shapes(max_rank=3, max_side=3), min_size=2, max_size=3))
def test_joins_of_hidden_dims_never_false_alarm(data: st.DataObject, operands) -> None:
    hidden = [data.draw(abstracted(shape)) for shape in operands]
    arrays = [np.zeros(shape) for shape in operands]
    never_reports_when_numpy_succeeds(
        lambda: manipulation.concatenate(hidden, 0), lambda: np.concatenate(arrays, 0)
    )
    never_reports_when_numpy_succeeds(
        lambda: manipulation.stack(hidden, 0), lambda: np.stack(arrays, 0)
    )


@ORACLE
@given(
    concrete_shapes(min_rank=1, max_rank=3, max_side=6),
    st.one_of(st.integers(1, 4), st.lists(st.integers(0, 6), max_size=3).map(tuple)),
    st.integers(-3, 2),
    st.booleans(),
)
def test_split_matches_numpy(shape, sections, axis: int, equal: bool) -> None:
    function = np.split if equal else np.array_split
    compare(
        lambda: manipulation.split(shape, sections, axis, equal),
        lambda: function(np.zeros(shape), sections, axis=axis),
        shape_of=_shapes,
    )


@ORACLE
@given(SHAPES, st.lists(st.integers(0, 3), min_size=1, max_size=4).map(tuple))
def test_tile_matches_numpy(shape, reps) -> None:
    compare(lambda: manipulation.tile(shape, reps), lambda: np.tile(np.zeros(shape), reps))


@ORACLE
@given(
    SHAPES,
    st.one_of(st.integers(0, 3), st.lists(st.integers(0, 3), min_size=1, max_size=4).map(tuple)),
    st.one_of(st.none(), AXES),
)
def test_repeat_matches_numpy(shape, repeats, axis) -> None:
    compare(
        lambda: manipulation.repeat(shape, repeats, axis),
        lambda: np.repeat(np.zeros(shape), repeats, axis=axis),
    )


@ORACLE
@given(SHAPES, SHAPES)
def test_broadcast_to_matches_numpy(shape, target) -> None:
    compare(
        lambda: manipulation.broadcast_to(shape, target),
        lambda: np.broadcast_to(np.zeros(shape), target),
    )


@ORACLE
@given(SHAPES, st.integers(0, 2), st.integers(0, 2), st.integers(1, 3))
def test_pad_matches_numpy(shape, before: int, after: int, rows: int) -> None:
    width = tuple((before, after) for _ in range(rows))
    total = width if rows in (1, len(shape)) else None
    compare(
        lambda: manipulation.pad(shape, (rows, 2), total),
        lambda: np.pad(np.zeros(shape), width),
    )


@ORACLE
@given(SHAPES, AXES, st.integers(0, 3))
def test_same_shape_functions_match_numpy(shape, axis: int, n: int) -> None:
    compare(
        lambda: manipulation.same_with_axis(shape, axis), lambda: np.flip(np.zeros(shape), axis)
    )
    compare(lambda: manipulation.diff(shape, n, axis), lambda: np.diff(np.zeros(shape), n, axis))
    compare(lambda: manipulation.ravel(shape), lambda: np.zeros(shape).ravel())
    for rank, function in ((1, np.atleast_1d), (2, np.atleast_2d), (3, np.atleast_3d)):
        compare(lambda: manipulation.at_least(shape, rank), lambda: function(np.zeros(shape)))  # noqa: B023


@ORACLE
@given(SHAPES, SHAPES, st.one_of(st.none(), AXES))
def test_append_matches_numpy(shape, values, axis) -> None:
    compare(
        lambda: manipulation.append(shape, values, axis),
        lambda: np.append(np.zeros(shape), np.zeros(values), axis=axis),
    )
