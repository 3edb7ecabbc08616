"""Reduction, scan, sorting and counting rules against NumPy."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses.arrays import dims, reductions

from .oracle import ORACLE, abstracted, compare, concrete_shapes, never_reports_when_numpy_succeeds

SHAPES = concrete_shapes(max_rank=4, max_side=3)
AXIS = st.one_of(
    st.none(), st.integers(-5, 4), st.lists(st.integers(-5, 4), min_size=1, max_size=3).map(tuple)
)
UFUNC_REDUCTIONS = [np.sum, np.max, np.min, np.prod, np.any, np.all]
REDUCTIONS = [*UFUNC_REDUCTIONS, np.mean, np.std, np.var, np.median]


@ORACLE
@given(st.sampled_from(REDUCTIONS), SHAPES, AXIS, st.booleans())
def test_reductions_match_numpy(function, shape, axis, keepdims: bool) -> None:
    if function in (np.max, np.min, np.median) and 0 in shape:
        return
    compare(
        lambda: reductions.reduce(
            shape,
            axis,
            keepdims,
            function in UFUNC_REDUCTIONS,
            reductions.REPEATED_AXIS if function is np.median else "duplicate value in 'axis'",
        ),
        lambda: function(np.ones(shape), axis=axis, keepdims=keepdims),
    )


@ORACLE
@given(st.data(), SHAPES, AXIS, st.booleans())
def test_reductions_of_hidden_dims_never_false_alarm(
    data: st.DataObject, shape, axis, keep
) -> None:
    hidden = data.draw(abstracted(shape))
    never_reports_when_numpy_succeeds(
        lambda: reductions.reduce(hidden, axis, keep, ufunc=True),
        lambda: np.sum(np.ones(shape), axis=axis, keepdims=keep),
    )


@ORACLE
@given(SHAPES, st.one_of(st.none(), st.integers(-5, 4)), st.booleans())
def test_arg_reductions_and_scans_match_numpy(shape, axis, keepdims: bool) -> None:
    if 0 not in shape:
        compare(
            lambda: reductions.arg_reduce(shape, axis, keepdims),
            lambda: np.argmax(np.ones(shape), axis=axis, keepdims=keepdims),
        )
    compare(lambda: reductions.scan(shape, axis), lambda: np.cumsum(np.ones(shape), axis=axis))
    compare(lambda: reductions.sort(shape, axis), lambda: np.sort(np.ones(shape), axis=axis))
    compare(
        lambda: reductions.sort(shape, axis, indices=True),
        lambda: np.argsort(np.ones(shape), axis=axis),
    )


@ORACLE
@given(
    SHAPES,
    st.lists(st.integers(1, 3), max_size=2).map(tuple),
    st.one_of(st.none(), st.integers(-5, 4)),
)
def test_quantile_matches_numpy(shape, q, axis) -> None:
    if 0 in shape:
        return
    compare(
        lambda: reductions.quantile(shape, q, axis, False),
        lambda: np.quantile(np.ones(shape), np.full(q, 0.5), axis=axis),
    )


def test_unique_and_nonzero_have_a_fresh_length() -> None:
    count = dims.symbol("k", "unique@1")
    assert reductions.unique((3, 4), None, count) == (count,)
    assert reductions.unique((3, 4), 1, count) == (3, count)
    assert reductions.nonzero((3, 4), count) == (count,)
    assert reductions.argwhere((3, 4), count) == (count, 2)


@ORACLE
@given(SHAPES)
def test_bincount_and_nonzero_failures_match_numpy(shape) -> None:
    count = dims.symbol("k", "t")
    compare(
        lambda: reductions.bincount(shape),
        lambda: np.bincount(np.zeros(shape, dtype=int)),
        shape_of=lambda _: (dims.UNKNOWN,),
    )
    compare(
        lambda: reductions.nonzero(shape, count),
        lambda: np.nonzero(np.zeros(shape)),
        shape_of=lambda _: (count,),
    )
