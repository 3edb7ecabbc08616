"""Shape hints: the run-time marker is inert, and annotations refine and check shapes."""

from __future__ import annotations

import subprocess
import sys

from tensorls.analyses import Severity, analyse

from tensorls.hints import NdArray, ShapeHint

from .analysis_helpers import diagnostics, only_diagnostic, value_of


def test_marker_is_inert_at_run_time() -> None:
    def f(x: NdArray[2, 3], y: NdArray[n, int]) -> NdArray[()]:  # noqa: F821
        return x

    assert f(5, 6) == 5
    assert NdArray[2, 3] == ShapeHint((2, 3))
    assert repr(NdArray["n", 3]) == "NdArray['n', 3]"
    assert NdArray[4].dims == (4,)


def test_importing_hints_imports_neither_numpy_nor_pygls() -> None:
    code = (
        "import sys, tensorls.hints; "
        "print(any(m == 'numpy' or m.startswith(('numpy.', 'pygls', 'lsprotocol')) for m in sys.modules))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert output == "False"


def test_hint_refines_an_unknown_value() -> None:
    source = """import numpy as np
import somelib
from tensorls.hints import NdArray

a: NdArray[2, 3, 4] = somelib.load()
b = a.reshape(6, -1)
c: NdArray[()] = somelib.scalar()
"""
    assert value_of(source, 6, "a.reshape(6, -1)").startswith("ndarray[?, (6, 4)]")
    assert value_of(source, 7, "c").startswith("ndarray[?, ()]")
    assert diagnostics(source) == []


def test_named_dimensions_are_shared_between_hints() -> None:
    source = """import numpy as np
from tensorls.hints import NdArray


def predict(X: NdArray["batch", "features"], W: NdArray["features", "classes"]):
    return X @ W
"""
    assert value_of(source, 6, "X @ W").startswith("ndarray[?, (batch, classes)]")


def test_numpy_typing_annotations() -> None:
    source = """import numpy as np
import numpy.typing as npt


def f(x: npt.NDArray[np.float32], y: np.ndarray, z: "np.ndarray[tuple[int, int], np.dtype[np.float64]]"):
    return x, y, z.T
"""
    assert value_of(source, 6, "x").startswith("ndarray[float32, (...)]")
    assert value_of(source, 6, "y").startswith("ndarray[?, (...)]")
    assert value_of(source, 6, "z.T").startswith("ndarray[float64, (?, ?)]")


def test_contradicting_hint_is_a_shape_hint_mismatch() -> None:
    source = """import numpy as np
from tensorls.hints import NdArray

c = np.array([[6], [8]])
e: NdArray[2, 5] = c
"""
    diagnostic = only_diagnostic(source)
    assert diagnostic.code == "shape-hint-mismatch"
    assert diagnostic.severity is Severity.WARNING
    assert diagnostic.span.start.line + 1 == 5
    assert diagnostic.message == "shape hint (2, 5) contradicts the inferred shape (2, 1)"
    assert [item.span.start.line + 1 for item in diagnostic.related] == [4]


def test_compatible_hint_narrows_unknown_dimensions() -> None:
    source = """import numpy as np
import somelib
from tensorls.hints import NdArray

x = np.zeros((somelib.n, 3))
y: NdArray[10, 3] = x
"""
    assert diagnostics(source) == []
    assert value_of(source, 6, "x").startswith("ndarray[float64, (?, 3)]")
    assert analyse(source).diagnostics == ()
