"""Broadcasting and elementwise rules against NumPy."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses.arrays import broadcasting, dims
from tensorls.analyses.arrays.dims import UNKNOWN
from tensorls.analyses.arrays.errors import CertainShapeError

from .oracle import ORACLE, abstracted, compare, concrete_shapes, never_reports_when_numpy_succeeds


@ORACLE
@given(st.lists(concrete_shapes(), min_size=2, max_size=3))
def test_broadcast_matches_numpy(operands: list[tuple[int, ...]]) -> None:
    arrays = [np.zeros(shape) for shape in operands]
    if len(arrays) == 2:
        call = lambda: arrays[0] + arrays[1]  # noqa: E731
    else:
        call = lambda: np.where(arrays[0] > 0, arrays[1], arrays[2])  # noqa: E731
    compare(lambda: broadcasting.broadcast_shapes(*operands), call)


@ORACLE
@given(st.data(), st.lists(concrete_shapes(), min_size=2, max_size=3))
def test_broadcast_of_hidden_dims_never_false_alarm(data: st.DataObject, operands) -> None:
    hidden = [data.draw(abstracted(shape)) for shape in operands]
    arrays = [np.zeros(shape) for shape in operands]
    never_reports_when_numpy_succeeds(
        lambda: broadcasting.broadcast_shapes(*hidden),
        lambda: np.broadcast_shapes(*(array.shape for array in arrays)),
        shape_of=tuple,
    )


@ORACLE
@given(concrete_shapes(), concrete_shapes())
def test_assignment_broadcast_matches_numpy(
    target: tuple[int, ...], value: tuple[int, ...]
) -> None:
    def assign() -> None:
        np.zeros(target)[...] = np.zeros(value)

    compare(lambda: broadcasting.broadcast_into(value, target), assign, shape_of=lambda _: None)


def test_unknown_against_one_stays_unknown() -> None:
    """Pytropos' mistake: ``(?, 3) + (1, 3)`` is ``(?, 3)``, not ``(1, 3)``."""
    assert broadcasting.broadcast_shapes((UNKNOWN, 3), (1, 3)) == (UNKNOWN, 3)


def test_unknown_against_known_size_takes_it() -> None:
    assert broadcasting.broadcast_shapes((UNKNOWN,), (4,)) == (4,)


def test_same_symbol_is_compatible_with_itself() -> None:
    n, d = dims.symbol("n", "t"), dims.symbol("d", "t")
    assert broadcasting.broadcast_shapes((n, d), (d,)) == (n, d)


def test_different_symbols_are_unknown_not_an_error() -> None:
    n, m = dims.symbol("n", "t"), dims.symbol("m", "t")
    assert broadcasting.broadcast_shapes((n,), (m,)) == (UNKNOWN,)


def test_known_clash_beside_symbols_is_certain() -> None:
    n = dims.symbol("n", "t")
    try:
        broadcasting.broadcast_shapes((n, 3), (n, 4))
    except CertainShapeError as failure:
        assert (
            failure.message == "operands could not be broadcast together with shapes (n,3) (n,4) "
        )
    else:
        raise AssertionError("expected a certain broadcast failure")


def test_unknown_rank_is_never_reported() -> None:
    assert broadcasting.broadcast_shapes(None, (3, 4), (5,)) is None
