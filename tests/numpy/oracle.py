"""Real NumPy as the oracle of the shape rules.

``compare(rule, numpy_call)`` runs both on concrete inputs: either NumPy succeeds and the rule
returns the same shape without reporting, or NumPy raises and the rule raises
``CertainShapeError`` with NumPy's message. ``abstract_shape`` hides some dimensions of a concrete
shape (as ``UNKNOWN`` or as a symbol standing for the concrete size) so that tests can check that a
partially unknown input never produces a report when the concrete input succeeds, and that the
abstract result still covers the concrete one.
"""

from __future__ import annotations

import traceback
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from tensorls.analyses.arrays import dims
from tensorls.analyses.arrays.dims import UNKNOWN, Dim
from tensorls.analyses.arrays.errors import CertainShapeError
from tensorls.analyses.arrays.shapes import Shape

ASSIGNMENT_KEY = "oracle"

ORACLE = settings(
    max_examples=120,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def concrete_shapes(max_rank: int = 4, max_side: int = 5, min_rank: int = 0) -> st.SearchStrategy:
    """Small concrete shapes, with sizes 1 frequent enough to exercise broadcasting."""
    side = st.one_of(st.just(1), st.integers(0, max_side))
    return st.lists(side, min_size=min_rank, max_size=max_rank).map(tuple)


def size_symbol(value: int) -> Dim:
    """The symbol that stands for the concrete size ``value`` in abstracted shapes."""
    return dims.symbol(f"s{value}", ASSIGNMENT_KEY)


def evaluate_shape(shape: Shape) -> tuple[int | None, ...] | None:
    """A shape under the assignment ``s<v> = v`` (``None`` entries for unknown dims)."""
    if shape is None:
        return None
    assignment = {}
    for dim in shape:
        if isinstance(dim, dims.SymbolicDim):
            for item in dim.symbols():
                assignment[item] = int(item.name[1:])
    return tuple(dims.evaluate(dim, assignment) for dim in shape)


def covers(shape: Shape, concrete: Sequence[int]) -> bool:
    """Whether an abstract result covers NumPy's concrete result shape."""
    values = evaluate_shape(shape)
    if values is None:
        return True
    return len(values) == len(concrete) and all(
        value is None or value == actual for value, actual in zip(values, concrete, strict=True)
    )


@st.composite
def abstracted(draw: st.DrawFn, shape: tuple[int, ...]) -> Shape:
    """``shape`` with some dimensions hidden (unknown or symbolic) or the whole rank unknown."""
    if draw(st.integers(0, 9)) == 0:
        return None
    hidden: list[Dim] = []
    for value in shape:
        choice = draw(st.integers(0, 2))
        hidden.append(value if choice == 0 else UNKNOWN if choice == 1 else size_symbol(value))
    return tuple(hidden)


def run_program(source: str, name: str) -> tuple[int, str] | None:
    """Run ``source`` under NumPy: ``None`` if it completes, else the failing line and message."""
    try:
        exec(compile(source, name, "exec"), {"__name__": name})
    except Exception as error:
        frames = [
            frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == name
        ]
        return frames[-1].lineno or 0, str(error)
    return None


def run_numpy(call: Callable[[], Any]) -> tuple[Any, str | None]:
    """NumPy's result, or the message of the exception it raised."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return call(), None
    except (ValueError, IndexError, TypeError, ZeroDivisionError, np.linalg.LinAlgError) as error:
        return None, str(error)


def result_shape(result: Any) -> tuple[int, ...]:
    return tuple(np.shape(result))


def compare(rule: Callable[[], Any], numpy_call: Callable[[], Any], shape_of=result_shape) -> None:
    """Assert that the rule agrees with NumPy on concrete inputs (shape, or error and message)."""
    expected, error = run_numpy(numpy_call)
    try:
        got = rule()
    except CertainShapeError as failure:
        assert error is not None, f"rule reported {failure.message!r} but NumPy succeeded"
        assert failure.message == error, f"rule: {failure.message!r}, NumPy: {error!r}"
        return
    assert error is None, f"NumPy raised {error!r} but the rule returned {got!r}"
    assert got == shape_of(expected), f"rule gave {got!r}, NumPy {shape_of(expected)!r}"


def never_reports_when_numpy_succeeds(
    rule: Callable[[], Any], numpy_call: Callable[[], Any], shape_of=result_shape
) -> None:
    """For an abstracted input: if the concrete input succeeds, the rule must not report and its
    result must cover NumPy's."""
    expected, error = run_numpy(numpy_call)
    if error is not None:
        return
    try:
        got = rule()
    except CertainShapeError as failure:
        raise AssertionError(f"false report {failure.message!r}") from None
    assert covers(got, shape_of(expected)), f"{got!r} does not cover {shape_of(expected)!r}"
