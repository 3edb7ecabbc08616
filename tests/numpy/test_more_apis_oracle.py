"""``cross``, ``meshgrid``, ``vectorize``, ``loadtxt(ndmin=2)`` and ``load`` against NumPy."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses import analyse
from tensorls.analyses.arrays import creation, products

from .analysis_helpers import value_of
from .oracle import ORACLE, abstracted, compare, concrete_shapes
from .oracle import never_reports_when_numpy_succeeds as never_reports

VECTOR_SHAPES = st.tuples(
    concrete_shapes(max_rank=2, max_side=3), st.sampled_from([1, 2, 3, 4])
).map(lambda parts: (*parts[0], parts[1]))


def _cross(a: tuple[int, ...], b: tuple[int, ...]):  # type: ignore[no-untyped-def]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return np.cross(np.ones(a), np.ones(b))


@ORACLE
@given(st.one_of(VECTOR_SHAPES, st.just(())), VECTOR_SHAPES)
def test_cross_matches_numpy(a, b) -> None:
    compare(lambda: products.cross(a, b), lambda: _cross(a, b))
    compare(lambda: products.cross(b, a), lambda: _cross(b, a))


@ORACLE
@given(VECTOR_SHAPES.flatmap(lambda a: st.tuples(st.just(a), abstracted(a))), VECTOR_SHAPES)
def test_cross_with_hidden_sizes_never_reports_falsely(pair, b) -> None:
    concrete, hidden = pair
    never_reports(lambda: products.cross(hidden, b), lambda: _cross(concrete, b))


@ORACLE
@given(
    st.lists(concrete_shapes(max_rank=2, max_side=3), max_size=4),
    st.sampled_from(["xy", "ij"]),
    st.booleans(),
)
def test_meshgrid_matches_numpy(inputs, indexing, sparse) -> None:
    arrays = [np.ones(shape) for shape in inputs]
    expected = [item.shape for item in np.meshgrid(*arrays, indexing=indexing, sparse=sparse)]
    sizes = [int(np.prod(shape)) for shape in inputs]
    assert creation.meshgrid(sizes, indexing == "xy", sparse) == expected


def test_meshgrid_program() -> None:
    source = """import numpy as np

def surface(nx, ny):
    X, Y = np.meshgrid(np.linspace(-1, 1, nx), np.linspace(-1, 1, ny))
    Z = np.sin(X) * np.cos(Y)
    return Z @ np.ones(ny)

surface(30, 20)
"""
    with pytest.raises(ValueError) as raised:
        exec(source, {})
    diagnostics = analyse(source).diagnostics
    assert [(item.span.start.line + 1, item.message) for item in diagnostics] == [
        (6, str(raised.value))
    ]


def test_vectorize_with_one_output_type_broadcasts() -> None:
    source = """import numpy as np

def step(value, threshold):
    return 1.0 if value > threshold else 0.0

activate = np.vectorize(step, otypes=[float])
out = activate(np.zeros((4, 3)), np.zeros(3))
free = np.vectorize(step)(np.zeros((4, 3)), 0.5)
"""
    namespace: dict[str, object] = {}
    exec(source, namespace)
    assert value_of(source, 7, "activate(np.zeros((4, 3)), np.zeros(3))") == (
        f"ndarray[float64, {namespace['out'].shape}]"  # type: ignore[attr-defined]
    )
    assert value_of(source, 8, "np.vectorize(step)(np.zeros((4, 3)), 0.5)") == "unknown"
    assert analyse(source).diagnostics == ()


def test_loadtxt_with_ndmin_2_is_two_dimensional(tmp_path: Path) -> None:
    data = tmp_path / "data.csv"
    data.write_text("1,2,3\n", encoding="utf-8")
    source = (
        "import numpy as np\n"
        f"table = np.loadtxt({str(data)!r}, delimiter=',', ndmin=2)\n"
        "plain = np.loadtxt('data.csv', delimiter=',')\n"
    )
    assert np.loadtxt(data, delimiter=",", ndmin=2).ndim == 2
    assert np.loadtxt(data, delimiter=",").ndim == 1
    assert value_of(source, 2, f"np.loadtxt({str(data)!r}, delimiter=',', ndmin=2)") == (
        "ndarray[float64, (?, ?)]"
    )
    assert value_of(source, 3, "np.loadtxt('data.csv', delimiter=',')") == "ndarray[float64, (...)]"


def test_load_of_an_npy_file_is_an_array_and_npz_is_unknown(tmp_path: Path) -> None:
    np.save(tmp_path / "w.npy", np.ones(3))
    np.savez(tmp_path / "w.npz", w=np.ones(3))
    assert isinstance(np.load(tmp_path / "w.npy"), np.ndarray)
    assert not isinstance(np.load(tmp_path / "w.npz"), np.ndarray)
    source = "import numpy as np\na = np.load('w.npy')\nb = np.load('w.npz')\n"
    assert value_of(source, 2, "np.load('w.npy')") == "ndarray[?, (...)]"
    assert value_of(source, 3, "np.load('w.npz')") == "unknown"
