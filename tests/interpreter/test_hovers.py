"""Hover facts and inlay hints, including values from a registered native model."""

from __future__ import annotations

import gc
from dataclasses import dataclass

from tensorls.analyses import AnalysisSettings, analyse
from tensorls.analyses.domains.base import AbstractValue
from tensorls.analyses.facts import Position
from tensorls.analyses.interpreter import Machine, interpret
from tensorls.analyses.interpreter.natives import (
    CallContext,
    NativeFunction,
    NativeModule,
    NativeValue,
    register_module_model,
)

from .helpers import describe


@dataclass(frozen=True)
class Grid(NativeValue):
    """A tiny native value used to exercise the extension point (rows x columns)."""

    rows: int | None
    columns: int | None

    def describe(self) -> str:
        return f"grid[{self.rows}, {self.columns}]"

    def inlay_label(self) -> str | None:
        return f"({self.rows}, {self.columns})"

    def binary(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        if op == "Add" and isinstance(other, Grid):
            if (self.rows, self.columns) != (other.rows, other.columns):
                ctx.report("grid-mismatch", "grids differ")
                return ctx.TOP
            return self
        return NotImplemented

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "rows" and self.rows is not None:
            return ctx.make_int(self.rows)
        return ctx.TOP


def _make_grid(ctx: CallContext) -> AbstractValue:
    dims = ctx.sequence_items(ctx.arg(0, "shape"))
    if dims is None or len(dims) != 2:
        return ctx.TOP
    return Grid(ctx.int_constant(dims[0]), ctx.int_constant(dims[1]))


register_module_model(
    "tensorls_test_grids",
    lambda: NativeModule("tensorls_test_grids", {"grid": NativeFunction("grid", _make_grid)}),
)


def test_hover_on_a_name_shows_its_value() -> None:
    result = analyse("x = 5\ny = x + 1\n")
    hover = result.hover_at(Position(1, 0))
    assert hover is not None
    assert hover.markdown.startswith("```python\ny: int = 6\n```")
    assert hover.plaintext.startswith("y: int = 6")


def test_hover_on_call_and_attribute() -> None:
    result = analyse(
        "class A:\n    def __init__(self):\n        self.v = 'hi'\na = A()\nb = a.v.upper()\n"
    )
    hover = result.hover_at(Position(4, 7))
    assert hover is not None and "str = 'hi'" in hover.plaintext
    hover = result.hover_at(Position(4, 10))
    assert hover is not None and hover.plaintext == "a.v.upper: method str.upper"
    hover = result.hover_at(Position(4, 14))
    assert hover is not None and hover.plaintext == "a.v.upper(): str = 'HI'"


def test_hover_outside_any_expression_is_none() -> None:
    assert analyse("x = 1\n\n").hover_at(Position(1, 0)) is None


def test_native_model_values_flow_and_report() -> None:
    source = """
    import tensorls_test_grids as g
    a = g.grid([2, 3])
    b = a + a
    n = b.rows
    c = a + g.grid((3, 3))
    """
    assert describe(source, "b") == "grid[2, 3]"
    assert describe(source, "n") == "int = 2"
    import textwrap

    result = analyse(textwrap.dedent(source))
    assert [d.code for d in result.diagnostics] == ["grid-mismatch"]


def test_inlay_hints_after_assignments_of_native_values() -> None:
    result = analyse("import tensorls_test_grids as g\na = g.grid([2, 3])\nn = 1\n")
    assert [(h.position, h.label) for h in result.inlay_hints] == [(Position(1, 1), ": (2, 3)")]


def test_no_inlay_hint_on_an_in_place_update_that_keeps_the_shape() -> None:
    source = "import numpy as np\nw = np.zeros((20, 64))\nw -= 0.5 * w\nn = np.zeros(3)\nn += 1\n"
    result = analyse(source)
    assert [(h.position.line, h.label) for h in result.inlay_hints] == [
        (1, ": (20, 64)"),
        (3, ": (3,)"),
    ]


def test_inlay_hints_of_line_ranges_are_the_module_hints_on_those_lines() -> None:
    """``inlay_hints_between`` makes the hints of some lines only: they are exactly the module's
    hints on those lines, in order, for every window."""
    source = (
        "import numpy as np\n"
        "a = np.zeros((2, 3))\n"
        "(b,\n"
        " c) = np.ones((4,)), np.ones((5, 6))\n"
        "for i in range(3):\n"
        "    a = a + 1\n"
        "d = [np.eye(2)][0]\n"
        "e: np.ndarray = np.ones((7, 7))\n"
    )
    result = analyse(source)
    every = tuple(result.inlay_hints)
    assert [(hint.position.line, hint.label) for hint in every] == [
        (1, ": (2, 3)"),
        (2, ": (4,)"),
        (3, ": (5, 6)"),
        (5, ": (2, 3)"),
        (6, ": (2, 2)"),
        (7, ": (7, 7)"),
    ]
    for first in range(9):
        for last in range(first, 9):
            expected = tuple(hint for hint in every if first <= hint.position.line <= last)
            assert tuple(analyse(source).inlay_hints_between(first, last)) == expected


def test_an_interpretation_leaves_no_machine_for_the_collector() -> None:
    """The machine of a finished interpretation (its stores, recorded nodes, functions seen) is
    freed when ``interpret`` returns, not at the next full collection: a server analysing
    version after version would otherwise hold several machines at once."""
    source = "import numpy as np\ndef f(x):\n    return x @ x.T\ny = f(np.ones((3, 4)))\n"
    gc.collect()
    gc.disable()
    try:
        before = sum(type(o) is Machine for o in gc.get_objects())
        interpretation = interpret(source, AnalysisSettings())
        after = sum(type(o) is Machine for o in gc.get_objects())
    finally:
        gc.enable()
    assert interpretation.hovers.hover_at(Position(3, 0)) is not None
    assert after == before
