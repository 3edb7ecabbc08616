"""Creation rules (nested data, shape arguments, ranges, random sizes) against NumPy."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses.arrays import creation
from tensorls.analyses.arrays.creation import NestedArray, NestedScalar, NestedSequence

from .oracle import ORACLE, compare

SCALARS = st.one_of(st.integers(-3, 3), st.floats(-2, 2, allow_nan=False), st.booleans())
NESTED = st.recursive(
    SCALARS,
    lambda children: st.lists(children, max_size=3) | st.tuples(children, children),
    max_leaves=10,
)


def describe(data: object) -> creation.Nested:
    """The abstract description of concrete nested data."""
    if isinstance(data, (list, tuple)):
        return NestedSequence(tuple(describe(item) for item in data))
    if isinstance(data, np.ndarray):
        return NestedArray(data.shape, data.dtype.name)
    return NestedScalar({bool: "bool", int: "int64", float: "float64"}[type(data)])


@ORACLE
@given(NESTED)
def test_nested_data_matches_numpy(data) -> None:
    compare(
        lambda: creation.nested_array(describe(data), object_dtype=False),
        lambda: np.array(data),
        shape_of=lambda array: (array.shape, array.dtype.name),
    )


@ORACLE
@given(st.lists(st.one_of(NESTED, st.integers(0, 3).map(lambda n: np.zeros((n, 2)))), max_size=3))
def test_nested_data_with_arrays_matches_numpy(items) -> None:
    """Empty lists beside arrays are left unknown on purpose (NumPy's message varies there)."""
    if any(isinstance(item, list) and not item for item in items) and any(
        isinstance(item, np.ndarray) for item in items
    ):
        return
    compare(
        lambda: creation.nested_array(describe(items), object_dtype=False)[0],
        lambda: np.array(items),
    )


def test_ragged_data_is_the_modern_value_error() -> None:
    try:
        creation.nested_array(describe([[1, 2], [3]]), object_dtype=False)
    except creation.CertainShapeError as failure:
        assert failure.message.startswith("setting an array element with a sequence.")
    else:
        raise AssertionError("ragged data must be a certain error")


def test_ragged_data_with_object_dtype_is_fine() -> None:
    assert creation.nested_array(describe([[1, 2], [3]]), object_dtype=True) == ((2,), "object")


@ORACLE
@given(st.lists(st.integers(-2, 4), max_size=4).map(tuple))
def test_shape_arguments_match_numpy(shape) -> None:
    compare(lambda: creation.shape_argument(shape), lambda: np.zeros(shape))


@ORACLE
@given(
    st.one_of(st.integers(-5, 10), st.floats(-5, 10, allow_nan=False)),
    st.one_of(st.none(), st.integers(-5, 10)),
    st.one_of(st.none(), st.sampled_from([-2, -1, 0, 1, 2, 3, 0.5])),
)
def test_arange_matches_numpy(start, stop, step) -> None:
    if stop is None and step is not None:
        return
    arguments = [start] + ([] if stop is None else [stop]) + ([] if step is None else [step])
    compare(lambda: (creation.arange_length(start, stop, step),), lambda: np.arange(*arguments))


FLOAT_BOUNDS = st.one_of(
    st.integers(-20, 20),
    st.floats(-20, 20, allow_nan=False),
    st.sampled_from([0.1, 0.2, 0.3, 0.7, 1.1, 2.2, 1 / 3, 1e-3, -0.0]),
)
FLOAT_STEPS = st.one_of(
    st.sampled_from([0.1, 0.01, 0.001, 1 / 3, 0.05, -0.1, 0.25, 0.0, 1e-7, 3, -2]),
    st.floats(-3, 3, allow_nan=False).filter(lambda step: abs(step) > 1e-3 or step == 0),
)


@ORACLE
@given(FLOAT_BOUNDS, FLOAT_BOUNDS, FLOAT_STEPS)
def test_float_arange_length_is_numpys_double_arithmetic(start, stop, step) -> None:
    """Float ranges: the length NumPy computes in doubles, rounding included, or its error."""
    compare(
        lambda: (creation.arange_length(start, stop, step),), lambda: np.arange(start, stop, step)
    )


def test_float_arange_special_values() -> None:
    nan, inf = float("nan"), float("inf")
    compare(lambda: (creation.arange_length(0, nan, 1),), lambda: np.arange(0, nan, 1))
    compare(lambda: (creation.arange_length(0.0, 1.0, 0.0),), lambda: np.arange(0.0, 1.0, 0.0))
    assert creation.arange_length(0, inf, 1.0) is creation.UNKNOWN
    assert creation.arange_length(0.0, 1e300, 1e-300) is creation.UNKNOWN


@ORACLE
@given(st.integers(-3, 8))
def test_linspace_matches_numpy(num: int) -> None:
    compare(lambda: (creation.linspace_length(num),), lambda: np.linspace(0, 1, num))


@ORACLE
@given(
    st.one_of(st.none(), st.lists(st.integers(0, 3), max_size=3).map(tuple)),
    st.lists(st.lists(st.integers(1, 3), max_size=2).map(tuple), min_size=2, max_size=2),
)
def test_sample_shape_matches_numpy(size, parameters) -> None:
    loc, scale = (np.zeros(shape) for shape in parameters)
    compare(
        lambda: creation.sample_shape(size, parameters),
        lambda: np.random.default_rng(0).normal(loc, scale + 1.0, size=size),
    )
