"""Indexing and subscript-assignment rules against NumPy."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses.arrays import dims, indexing
from tensorls.analyses.arrays.indexing import (
    ELLIPSIS,
    NEW_AXIS,
    ArrayIndex,
    IntegerIndex,
    SliceIndex,
)

from .oracle import ORACLE, abstracted, compare, concrete_shapes, never_reports_when_numpy_succeeds

SHAPES = concrete_shapes(max_rank=3, max_side=4)
BOUND = st.one_of(st.none(), st.integers(-6, 6))


@st.composite
def index_items(draw: st.DrawFn) -> tuple[list[object], list[object]]:
    """A concrete NumPy index and its abstract description, item by item."""
    concrete: list[object] = []
    abstract: list[object] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["int", "slice", "none", "ellipsis", "ints", "mask"]))
        if kind == "int":
            value = draw(st.integers(-5, 5))
            concrete.append(value)
            abstract.append(IntegerIndex(value))
        elif kind == "slice":
            start, stop = draw(BOUND), draw(BOUND)
            step = draw(st.one_of(st.none(), st.sampled_from([-2, -1, 1, 2, 3])))
            concrete.append(slice(start, stop, step))
            abstract.append(SliceIndex(start, stop, step))
        elif kind == "none":
            concrete.append(None)
            abstract.append(NEW_AXIS)
        elif kind == "ellipsis":
            concrete.append(Ellipsis)
            abstract.append(ELLIPSIS)
        elif kind == "ints":
            shape = draw(concrete_shapes(max_rank=2, max_side=3))
            values = draw(
                st.lists(
                    st.integers(-4, 4), min_size=int(np.prod(shape)), max_size=int(np.prod(shape))
                )
            )
            array = np.array(values, dtype=int).reshape(shape)
            concrete.append(array)
            abstract.append(ArrayIndex(shape, False, tuple(values)))
        else:
            shape = draw(concrete_shapes(min_rank=1, max_rank=2, max_side=4))
            size = int(np.prod(shape))
            values = draw(st.lists(st.booleans(), min_size=size, max_size=size))
            mask = np.array(values, dtype=bool).reshape(shape)
            concrete.append(mask)
            abstract.append(ArrayIndex(shape, True, None, int(mask.sum())))
    return concrete, abstract


@ORACLE
@given(SHAPES, index_items())
def test_indexing_matches_numpy(shape, items) -> None:
    concrete, abstract = items
    compare(
        lambda: indexing.index(shape, tuple(abstract)),
        lambda: np.zeros(shape)[tuple(concrete)],
    )


@ORACLE
@given(st.data(), SHAPES, index_items())
def test_indexing_of_hidden_dims_never_false_alarm(data: st.DataObject, shape, items) -> None:
    concrete, abstract = items
    hidden = data.draw(abstracted(shape))
    never_reports_when_numpy_succeeds(
        lambda: indexing.index(hidden, tuple(abstract)),
        lambda: np.zeros(shape)[tuple(concrete)],
    )


@ORACLE
@given(SHAPES, index_items(), concrete_shapes(max_rank=3, max_side=4))
def test_assignment_matches_numpy(shape, items, value) -> None:
    concrete, abstract = items

    def assign() -> None:
        np.zeros(shape)[tuple(concrete)] = np.zeros(value)

    compare(lambda: indexing.assign(shape, tuple(abstract), value), assign, shape_of=lambda _: None)


def test_boolean_mask_gives_its_fresh_length() -> None:
    count = dims.symbol("k", "mask@3")
    n = dims.symbol("n", "t")
    assert indexing.index((n, 3), (ArrayIndex((n,), True, None, count),)) == (count, 3)


def test_full_slice_of_a_symbolic_dimension_keeps_it() -> None:
    n = dims.symbol("n", "t")
    assert indexing.index((n, 3), (SliceIndex(), IntegerIndex(0))) == (n,)
    assert indexing.index((n, 3), (SliceIndex(1, None, None),)) == (dims.UNKNOWN, 3)


@ORACLE
@given(
    SHAPES,
    concrete_shapes(max_rank=2, max_side=3),
    st.one_of(st.none(), st.integers(-4, 3)),
    st.data(),
)
def test_take_matches_numpy(shape, index_shape, axis, data: st.DataObject) -> None:
    size = int(np.prod(index_shape))
    values = data.draw(st.lists(st.integers(-5, 5), min_size=size, max_size=size))
    indices = np.array(values, dtype=int).reshape(index_shape)
    compare(
        lambda: indexing.take(shape, ArrayIndex(index_shape, False, tuple(values)), axis),
        lambda: np.take(np.zeros(shape), indices, axis=axis),
    )
