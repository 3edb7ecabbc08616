"""Notebook cells with a common leading indent (issue 25, class 6): IPython removes it before
compiling a cell, so such a notebook runs; tensorls reads it with no syntax error, and a shape bug
in an indented cell is reported on its cell line.

Sources of the idiom: code pasted into a cell from inside a function or an ``if`` block
(ipython/ipython#11594 and pull request #11718, microsoft/vscode-jupyter#10443,
jupyter/notebook#7630: "Jupyter ... allows leading spaces in the first line of a cell"), an
indented comment before unindented code (jupyter/notebook#7140). The cells are our own.
"""

from __future__ import annotations

import json

import pytest
from tensorls.analyses import analyse
from tensorls.analyses.notebooks import notebook_module

from .harness import Outcomes, errors, run_programs, this_python

CELLS = [
    "    import numpy as np\n    rng = np.random.default_rng(0)\n",
    "    features = rng.normal(size=(32, 4))\n"
    "    if features.ndim == 2:\n"
    "        weights = np.ones((4, 2))\n",
    "  # pasted from the training loop\n"
    "  for epoch in range(2):\n"
    "      logits = features @ weights\n"
    "      loss = float((logits ** 2).mean())\n",
    "    # evaluation\nprint(loss, logits.shape)\n",
]
BUG = ("features @ weights", "features @ weights.T")
"""The twin: the product in the third cell (its line 3) made with the transposed weights."""
BUG_CELL, BUG_LINE = 2, 3


def twin_cells() -> list[str]:
    old, new = BUG
    return [cell.replace(old, new) for cell in CELLS]


def notebook_text(cells: list[str]) -> str:
    return json.dumps(
        {
            "nbformat": 4,
            "nbformat_minor": 5,
            "metadata": {},
            "cells": [
                {
                    "cell_type": "code",
                    "execution_count": None,
                    "metadata": {},
                    "outputs": [],
                    "source": cell,
                }
                for cell in cells
            ],
        }
    )


@pytest.fixture(scope="module")
def outcomes() -> Outcomes:
    return run_programs(
        this_python(),
        [{"id": "clean", "cells": CELLS}, {"id": "twin", "cells": twin_cells()}],
    )


def test_indented_cells_run_under_ipython_and_tensorls_reports_nothing(outcomes: Outcomes) -> None:
    assert outcomes["clean"] == {}
    module = notebook_module(notebook_text(CELLS))
    assert analyse(module.source).diagnostics == ()


def test_a_bug_in_an_indented_cell_is_reported_on_its_cell_line(outcomes: Outcomes) -> None:
    outcome = outcomes["twin"]
    assert (outcome.get("cell"), outcome.get("line")) == (BUG_CELL, BUG_LINE), outcome
    module = notebook_module(notebook_text(twin_cells()))
    (error,) = errors(analyse(module.source).diagnostics)
    origin = module.location_of(error.span.start.line)
    assert origin is not None
    assert (origin.cell - 1, origin.line + 1) == (BUG_CELL, BUG_LINE)
    assert error.message in str(outcome["message"])
    cell_line = twin_cells()[BUG_CELL].splitlines()[BUG_LINE - 1]
    assert cell_line[origin.cell_character(error.span.start.character) :].startswith(
        "features @ weights.T"
    )
