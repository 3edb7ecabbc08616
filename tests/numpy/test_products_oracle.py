"""Product rules (matmul, dot, vdot, inner, outer, kron, tensordot, einsum) against NumPy."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses.arrays import dims, products
from tensorls.analyses.arrays.dims import UNKNOWN
from tensorls.analyses.arrays.errors import CertainShapeError

from .oracle import ORACLE, abstracted, compare, concrete_shapes, never_reports_when_numpy_succeeds

PAIRS = st.tuples(concrete_shapes(max_rank=4, max_side=4), concrete_shapes(max_rank=4, max_side=4))
BINARY = {
    "matmul": (products.matmul, np.matmul),
    "dot": (products.dot, np.dot),
    "vdot": (products.vdot, np.vdot),
    "inner": (products.inner, np.inner),
    "outer": (products.outer, np.outer),
    "kron": (products.kron, np.kron),
}


@ORACLE
@given(st.sampled_from(sorted(BINARY)), PAIRS)
def test_binary_products_match_numpy(name: str, pair) -> None:
    rule, function = BINARY[name]
    a, b = pair
    compare(lambda: rule(a, b), lambda: function(np.zeros(a), np.zeros(b)))


@ORACLE
@given(st.data(), st.sampled_from(sorted(BINARY)), PAIRS)
def test_binary_products_never_false_alarm(data: st.DataObject, name: str, pair) -> None:
    rule, function = BINARY[name]
    a, b = pair
    hidden_a, hidden_b = data.draw(abstracted(a)), data.draw(abstracted(b))
    never_reports_when_numpy_succeeds(
        lambda: rule(hidden_a, hidden_b), lambda: function(np.zeros(a), np.zeros(b))
    )


@ORACLE
@given(PAIRS, st.integers(0, 2))
def test_tensordot_with_count_matches_numpy(pair, count: int) -> None:
    a, b = pair
    if count > len(a) or count > len(b):
        return
    compare(
        lambda: products.tensordot(a, b, count),
        lambda: np.tensordot(np.zeros(a), np.zeros(b), axes=count),
    )


@ORACLE
@given(st.data(), PAIRS)
def test_tensordot_with_axis_lists_matches_numpy(data: st.DataObject, pair) -> None:
    a, b = pair
    if not a or not b:
        return
    count = data.draw(st.integers(1, min(len(a), len(b))))
    axes_a = tuple(data.draw(st.permutations(range(len(a))))[:count])
    axes_b = tuple(data.draw(st.permutations(range(len(b))))[:count])
    compare(
        lambda: products.tensordot(a, b, (axes_a, axes_b)),
        lambda: np.tensordot(np.zeros(a), np.zeros(b), axes=(axes_a, axes_b)),
    )


EINSUM_SPECS = [
    "ij,jk->ik",
    "ij,jk",
    "i,i->",
    "ij->ji",
    "bij,bjk->bik",
    "ij,kj->ik",
    "i,j->ij",
    "ijk->k",
    "bhqd,bhkd->bhqk",
]


@ORACLE
@given(st.sampled_from(EINSUM_SPECS), st.data())
def test_einsum_matches_numpy(spec: str, data: st.DataObject) -> None:
    inputs = spec.split("->")[0].split(",")
    sizes = {
        label: data.draw(st.sampled_from([1, 2, 3, 4])) for label in sorted(set("".join(inputs)))
    }
    operands = []
    for part in inputs:
        shape = tuple(
            sizes[label] if data.draw(st.booleans()) else data.draw(st.sampled_from([1, 2, 3, 4]))
            for label in part
        )
        if data.draw(st.integers(0, 5)) == 0:
            shape = (*shape, 2)
        operands.append(shape)
    compare(
        lambda: products.einsum(spec, operands),
        lambda: np.einsum(spec, *(np.zeros(shape) for shape in operands)),
    )


def test_x_matmul_x_transposed_is_square_in_the_symbol() -> None:
    n, d = dims.symbol("n", "t"), dims.symbol("d", "t")
    assert products.matmul((n, d), (d, n)) == (n, n)


def test_symbols_differing_by_a_constant_are_a_certain_mismatch() -> None:
    n = dims.symbol("n", "t")
    try:
        products.matmul((3, n), (dims.add(n, 1), 2))
    except CertainShapeError as failure:
        assert "size n + 1 is different from n" in failure.message
    else:
        raise AssertionError("expected a certain matmul failure")


def test_unknown_inner_dimension_is_not_reported() -> None:
    assert products.dot((3, UNKNOWN), (4, 5)) == (3, 5)
