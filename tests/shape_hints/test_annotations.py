"""Shape annotations as refinements and advice: jaxtyping, torchtyping, NumPy typing, tensorls."""

from __future__ import annotations

import ast

from tensorls.analyses import Position, Severity, analyse
from tensorls.analyses.models.shape_hints.annotations import parse
from tensorls.analyses.models.shape_hints.patterns import (
    Anonymous,
    Expression,
    Fixed,
    Named,
    Variadic,
    parse_jaxtyping,
)

from ..numpy.analysis_helpers import value_of

HEADER = """import numpy as np
import somelib
from jaxtyping import Float, Int, jaxtyped
from beartype import beartype
"""


def _line(source: str, start: str) -> int:
    """The 1-based line of the first line of ``source`` starting with ``start``."""
    return next(i for i, text in enumerate(source.splitlines(), 1) if text.startswith(start))


def _hint(text: str):
    return parse(ast.parse(text, mode="eval").body)


def test_jaxtyping_shape_strings() -> None:
    pattern = parse_jaxtyping("#batch *rest 3 _ _t n+1 ...")
    assert pattern is None  # two variadic runs: not understood, so nothing is claimed
    pattern = parse_jaxtyping("#batch *rest 3 _ _t n+1")
    assert pattern is not None
    kinds = [type(axis) for axis in pattern.axes]
    assert kinds == [Named, Variadic, Fixed, Anonymous, Anonymous, Expression]
    assert parse_jaxtyping("n ^ 2") is None
    assert parse_jaxtyping("").axes == ()


def test_annotation_styles() -> None:
    jax = _hint('Float32[np.ndarray, "b 784"]')
    assert jax.style == "jaxtyping" and jax.dtypes == frozenset({"float32"})
    assert str(jax.pattern) == "b 784"
    torch = _hint('TensorType["batch", 784, float]')
    assert torch.style == "torchtyping" and str(torch.pattern) == "batch 784"
    numpy = _hint("np.ndarray[tuple[int, Literal[3]], np.dtype[np.float32]]")
    assert numpy.style == "numpy" and numpy.dtype == "float32" and str(numpy.pattern) == "int 3"
    assert _hint("\"Float[np.ndarray, 'n']\"").style == "jaxtyping"
    assert _hint("list[int]") is None
    assert _hint('Float[np.ndarray, "n", "m"]') is None


def test_unchecked_function_gets_advice_not_an_error() -> None:
    source = (
        HEADER
        + """
def f(x: Float[np.ndarray, "n 3"]):
    return x


y = f(np.zeros((4, 2)))
"""
    )
    [diagnostic] = analyse(source).diagnostics
    assert diagnostic.severity is Severity.WARNING
    assert diagnostic.code == "shape-hint-mismatch"
    assert "size 2 where the annotation says 3" in diagnostic.message


def test_names_shared_across_a_checked_call_and_shown_on_hover() -> None:
    source = (
        HEADER
        + """
@jaxtyped(typechecker=beartype)
def head(x: Float[np.ndarray, "batch 784"], w: Float[np.ndarray, "784 classes"]):
    return x @ w


logits = head(np.zeros((64, 784)), np.zeros((784, 10)))
"""
    )
    analysis = analyse(source)
    assert analysis.diagnostics == ()
    hover = analysis.hover_at(Position(_line(source, "def head") - 1, 9))
    assert hover is not None and "batch = 64" in hover.plaintext
    assert value_of(source, _line(source, "logits"), "logits").startswith(
        "ndarray[float64, (64, 10)]"
    )


def test_unknown_arguments_become_the_named_symbols() -> None:
    source = (
        HEADER
        + """
def f(x: Float32[np.ndarray, "batch d"], w: Float[np.ndarray, "d k"]):
    h = x @ w
    return h


f(somelib.load(), somelib.load())
"""
    )
    source = source.replace("Float, Int", "Float, Float32, Int")
    text = value_of(source, _line(source, "    h = "), "h")
    assert text.startswith("ndarray[?, (batch, k)]")


def test_a_class_shares_names_between_init_and_methods() -> None:
    source = (
        HEADER
        + """
class Net:
    def __init__(self, w: Float[np.ndarray, "d_in d_out"]):
        self.w = w

    def forward(self, x: Float[np.ndarray, "batch d_in"]):
        same = x.shape[1] == self.w.shape[0]
        return x @ self.w


net = Net(somelib.weights())
y = net.forward(somelib.batch())
"""
    )
    assert value_of(source, _line(source, "        same"), "same") == "bool = True"
    assert value_of(source, _line(source, "y = "), "y").startswith("ndarray[?, (batch, d_out)]")


def test_annotated_variable_contradicting_the_value_is_advice() -> None:
    source = (
        HEADER
        + """
x = np.zeros((4, 3))
h: Float[np.ndarray, "n 2"] = x
"""
    )
    [diagnostic] = analyse(source).diagnostics
    assert diagnostic.severity is Severity.WARNING
    assert diagnostic.span.start.line == _line(source, "h:") - 1


def test_dtype_family_violation_is_an_error_at_the_call() -> None:
    source = (
        HEADER
        + """
@jaxtyped(typechecker=beartype)
def count(x: Int[np.ndarray, "n"]):
    return x.sum()


total = count(np.zeros(3))
"""
    )
    [diagnostic] = analyse(source).diagnostics
    assert diagnostic.severity is Severity.ERROR
    assert diagnostic.span.start.line == _line(source, "total") - 1
    assert "dtype float64" in diagnostic.message


def test_tensorflow_tensors_are_checked_like_arrays() -> None:
    source = """import tensorflow as tf
from beartype import beartype
from jaxtyping import Float, jaxtyped


@jaxtyped(typechecker=beartype)
def dense(x: Float[tf.Tensor, "batch 784"]):
    return x


dense(tf.zeros((32, 28)))
"""
    [diagnostic] = analyse(source).diagnostics
    assert diagnostic.code == "shape-hint-violation"
    assert diagnostic.span.start.line == _line(source, "dense(tf") - 1
    assert "size 28 where the annotation says 784" in diagnostic.message
