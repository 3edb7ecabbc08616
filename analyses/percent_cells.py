"""Python files of ``# %%`` cells (the percent format of VS Code's interactive window, Spyder,
PyCharm and jupytext), whose cells are run one at a time as Jupyter runs them.

Such a file is a script and is analysed as one while it compiles. When it does not, CPython would
run none of it as a script, but the cells that compile on their own still run one by one in the
interactive window: the file is then analysed as the notebook its cells make
(``notebooks.module_of_cells``: IPython syntax such as ``!pip install`` accepted, each cell
compiled alone, a cell that does not compile binds nothing and gets its own syntax error, the
names IPython provides unknown). A cell starts at a line that begins with ``# %%`` or ``#%%``
(the text after the marker, such as ``[markdown]``, is kept as a comment); the lines before the
first marker are a cell too. The module of the cells has the file's lines, in order, plus one
line after them, so a position maps back to the file line for line; only a column of a line
whose IPython syntax was rewritten shifts (``CellLocation.dropped_characters``).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

from .facts import Diagnostic, Position, Span
from .notebooks import CodeCell, NotebookModule, module_of_cells

CELL_MARKER = re.compile(r"#\s?%%")
"""What starts a cell, at the start of a line."""


def percent_cells(source: str) -> list[CodeCell] | None:
    """The cells of ``source``, or None when no line starts a cell."""
    lines = source.splitlines(keepends=True)
    starts = [index for index, line in enumerate(lines) if CELL_MARKER.match(line)]
    if not starts:
        return None
    if starts[0] != 0:
        starts.insert(0, 0)
    bounds = [*starts, len(lines)]
    return [
        CodeCell(number, "".join(lines[start:end]))
        for number, (start, end) in enumerate(itertools.pairwise(bounds), start=1)
    ]


def cells_module(source: str) -> NotebookModule | None:
    """The module of ``source``'s cells (see the module docstring), or None without cells."""
    cells = percent_cells(source)
    return None if cells is None else module_of_cells(cells)


def in_file(module: NotebookModule, diagnostic: Diagnostic) -> Diagnostic:
    """``diagnostic`` of the cells' module, at the file's positions (its related locations in
    the file too; those in other modules unchanged)."""
    related = tuple(
        item if item.module is not None else replace(item, span=_file_span(module, item.span))
        for item in diagnostic.related
    )
    return replace(diagnostic, span=_file_span(module, diagnostic.span), related=related)


def _file_span(module: NotebookModule, span: Span) -> Span:
    """``span`` itself where no column shifts (an anchored span keeps following its node)."""
    start, end = _shift(module, span.start), _shift(module, span.end)
    if start == 0 and end == 0:
        return span
    return Span(
        Position(span.start.line, span.start.character + start),
        Position(span.end.line, span.end.character + end),
    )


def _shift(module: NotebookModule, position: Position) -> int:
    origin = module.location_of(position.line)
    return origin.dropped_characters if origin is not None else 0
