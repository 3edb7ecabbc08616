"""``numpy.linalg`` rules against NumPy."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses.arrays import linalg

from .oracle import ORACLE, compare, concrete_shapes

MATRICES = concrete_shapes(max_rank=4, max_side=3)


def _shapes(result) -> object:
    if isinstance(result, tuple) or type(result).__name__.endswith("Result"):
        return tuple(np.shape(part) for part in result)
    return np.shape(result)


def _nonzero(shape: tuple[int, ...]) -> np.ndarray:
    """Well-conditioned inputs so that NumPy fails only for shape reasons."""
    array = np.zeros(shape)
    if len(shape) >= 2 and shape[-1] == shape[-2]:
        array = array + np.eye(shape[-1]) * 2.0
    return array


@ORACLE
@given(MATRICES)
def test_square_functions_match_numpy(shape) -> None:
    compare(lambda: linalg.square_same(shape), lambda: np.linalg.inv(_nonzero(shape)))
    compare(lambda: linalg.square_batch(shape), lambda: np.linalg.det(_nonzero(shape)))
    compare(lambda: linalg.eigenvalues(shape), lambda: np.linalg.eigvalsh(_nonzero(shape)))
    compare(lambda: linalg.eigen(shape), lambda: np.linalg.eigh(_nonzero(shape)), shape_of=_shapes)
    compare(lambda: linalg.pinv(shape), lambda: np.linalg.pinv(np.zeros(shape)))


@ORACLE
@given(MATRICES, st.booleans(), st.booleans())
def test_svd_matches_numpy(shape, full: bool, compute_uv: bool) -> None:
    if 0 in shape:
        return
    compare(
        lambda: linalg.svd(shape, full, compute_uv),
        lambda: np.linalg.svd(np.zeros(shape), full_matrices=full, compute_uv=compute_uv),
        shape_of=lambda result: _shapes(result) if compute_uv else (np.shape(result),),
    )


@ORACLE
@given(MATRICES, st.sampled_from(["reduced", "complete", "r"]))
def test_qr_matches_numpy(shape, mode: str) -> None:
    compare(
        lambda: linalg.qr(shape, mode),
        lambda: np.linalg.qr(np.zeros(shape), mode=mode),
        shape_of=lambda result: _shapes(result) if mode != "r" else (np.shape(result),),
    )


@ORACLE
@given(MATRICES, concrete_shapes(max_rank=3, max_side=3))
def test_solve_matches_numpy(a, b) -> None:
    compare(lambda: linalg.solve(a, b), lambda: np.linalg.solve(_nonzero(a), np.zeros(b)))


@ORACLE
@given(
    concrete_shapes(min_rank=2, max_rank=2, max_side=4),
    concrete_shapes(max_rank=2, max_side=4, min_rank=1),
)
def test_lstsq_solution_matches_numpy(a, b) -> None:
    compare(
        lambda: linalg.lstsq(a, b)[0],
        lambda: np.linalg.lstsq(np.zeros(a), np.zeros(b))[0],
    )


@ORACLE
@given(concrete_shapes(max_rank=3, max_side=3), st.booleans(), st.booleans())
def test_norm_over_axes_matches_numpy(shape, keepdims: bool, with_axis: bool) -> None:
    axis = (len(shape) - 1 if shape else 0) if with_axis else None
    compare(
        lambda: linalg.norm(shape, False, axis, keepdims),
        lambda: np.linalg.norm(np.zeros(shape), axis=axis, keepdims=keepdims),
    )
