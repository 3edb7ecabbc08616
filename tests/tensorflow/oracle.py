"""Real TensorFlow 2.12 as the oracle of the TensorFlow model.

A case is a small program whose last statement assigns ``result``. ``TENSORFLOW.run_cases`` runs a
batch of cases under TensorFlow in one subprocess (importing TensorFlow costs seconds); ``check``
compares one case's outcome with tensorls's analysis of the same source:

* TensorFlow raised on line L: tensorls reports exactly one error, on line L, whose message is
  contained in TensorFlow's (tensorls carries the op's own text, without the
  ``{{function_node ...}}`` prefix and ``[Op:...]`` suffix). An ``abstract`` case (some sizes
  unknown to tensorls) may also report nothing; an ``unmodelled`` one must report nothing.
* TensorFlow succeeded: tensorls reports nothing (the Horovod rewrite's offers and restrictions
  aside), and the value of ``result`` has TensorFlow's
  shape and dtype (an ``abstract`` case's shape only has to cover it).

Sizes written ``size(n)`` in a case are ``n`` under TensorFlow and an unknown int for tensorls.
"""

from __future__ import annotations

from pathlib import Path

from tensorls.analyses import Severity, analyse
from tensorls.analyses.arrays import dims
from tensorls.analyses.domains.numbers import IntValue
from tensorls.analyses.models.tensorflow.datasets import (
    DatasetValue,
    DictElement,
    Element,
    ElementSpecValue,
)
from tensorls.analyses.models.tensorflow.values import (
    TensorShapeValue,
    TensorValue,
    is_batch,
)
from tensorls.analyses.models.values import ArrayValue

from ..framework_oracle import Framework, OracleCase, check_failure, result_value

TENSORFLOW = Framework(
    Path(__file__).resolve().parent / "tf_runner.py",
    "tf_python",
    {"TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": ""},
)
"""TensorFlow 2.12 in the cached Horovod environment (see ``tf_runner.py``)."""
PRELUDE = (
    "import os\n"
    "import numpy as np\n"
    "import tensorflow as tf\n"
    "def size(n):\n"
    "    return int(os.environ.get('TENSORLS_UNSET_SIZE', n))\n"
)


class Case(OracleCase):
    """A TensorFlow oracle program (see ``OracleCase``)."""

    prelude = PRELUDE


def check_constant(case: Case, outcome: dict[str, object]) -> None:
    """Assert that ``result`` is the int constant TensorFlow computed (its ``repr``)."""
    value = result_value(case.source)
    assert isinstance(value, IntValue), (case.body, value)
    assert repr(value.constant) == outcome["result"]["repr"]  # type: ignore[index]


def _covers(shape: tuple[object, ...] | None, actual: list[int | None] | None, exact: bool) -> bool:
    if shape is None:
        return not exact or actual is None
    if actual is None:
        return False
    if len(shape) != len(actual):
        return False
    for dim, value in zip(shape, actual, strict=True):
        if value is None:
            if not is_batch(dim) and not isinstance(dim, dims.UnknownDim):
                return False
        elif isinstance(dim, int):
            if dim != value:
                return False
        elif exact or not (isinstance(dim, (dims.UnknownDim, dims.SymbolicDim))):
            return False
    return True


def _spec_covers(element: Element, expected: object, exact: bool) -> bool:
    """Whether a dataset element structure has the structure, shapes and dtypes of TensorFlow's
    element spec (an ``abstract`` case's unknown parts only have to cover it)."""
    if element is None:
        return not exact
    if isinstance(element, DictElement):
        wanted = expected.get("dict") if isinstance(expected, dict) else None
        return (
            isinstance(wanted, dict)
            and list(wanted) == [key for key, _ in element.entries]
            and all(_spec_covers(item, wanted[key], exact) for key, item in element.entries)
        )
    if isinstance(element, tuple):
        return (
            isinstance(expected, list)
            and len(expected) == len(element)
            and all(_spec_covers(a, b, exact) for a, b in zip(element, expected, strict=True))
        )
    if not isinstance(expected, dict) or "shape" not in expected:
        return False
    if element.dtype != expected["dtype"] and (exact or element.dtype is not None):
        return False
    return _covers(element.shape, expected["shape"], exact)  # type: ignore[arg-type]


def check(case: Case, outcome: dict[str, object]) -> None:
    """Assert that tensorls agrees with TensorFlow on ``case`` (see the module docstring)."""
    source = case.source
    diagnostics = tuple(
        item
        for item in analyse(source).diagnostics
        if item.severity is not Severity.INFORMATION and not item.code.startswith("horovod")
    )
    if check_failure(case, outcome, diagnostics):
        return
    assert diagnostics == (), (case.body, diagnostics)
    expected = outcome["result"]
    assert isinstance(expected, dict)
    value = result_value(source)
    if "element_spec" in expected:
        assert isinstance(value, (DatasetValue, ElementSpecValue)), (case.body, value)
        assert _spec_covers(value.element, expected["element_spec"], not case.abstract), (
            case.body,
            value,
            expected,
        )
        return
    if "tensorshape" in expected:
        assert isinstance(value, TensorShapeValue), (case.body, value)
        assert _covers(value.shape, expected["tensorshape"], not case.abstract), (case.body, value)  # type: ignore[arg-type]
        return
    if "shape" in expected:
        assert isinstance(value, (TensorValue, ArrayValue)), (case.body, value)
        exact = not case.abstract
        assert _covers(value.shape, expected["shape"], exact), (case.body, value, expected)  # type: ignore[arg-type]
        if exact:
            assert value.dtype == expected["dtype"], (case.body, value, expected)
        else:
            assert value.dtype in (None, expected["dtype"]), (case.body, value, expected)
        return
    assert value is not None, (case.body, expected)
