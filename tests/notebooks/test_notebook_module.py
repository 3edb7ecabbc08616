"""``analyses.notebooks``: nbformat 4 notebooks written by nbformat itself, read back as one module
whose lines map 1:1 to code-cell lines, with IPython-only lines replaced by Python."""

from __future__ import annotations

import ast
import difflib
import json
from pathlib import Path

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from IPython.core.inputtransformer2 import TransformerManager
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_raw_cell
from tensorls.analyses.notebooks import (
    IPYTHON_NAMES_LINE,
    CellLocation,
    NotebookError,
    notebook_module,
)
from tensorls.analyses.text import SourceText


def _notebook_text(*cells: nbformat.NotebookNode) -> str:
    notebook = new_notebook(cells=list(cells))
    nbformat.validate(notebook)
    return nbformat.writes(notebook)


def _module_lines(text: str) -> list[str]:
    return notebook_module(text).source.split("\n")[:-1]


def test_code_cells_in_order_with_a_line_map_back_to_cells() -> None:
    text = _notebook_text(
        new_code_cell("import numpy as np\na = np.zeros((3, 4))\n", execution_count=7),
        new_markdown_cell("b = a @ a  # markdown is not code"),
        new_raw_cell("raw = 1"),
        new_code_cell("b = a.T\nc = b @ a", execution_count=None),
    )
    module = notebook_module(text)
    assert _module_lines(text) == [
        "import numpy as np",
        "a = np.zeros((3, 4))",
        "b = a.T",
        "c = b @ a",
        IPYTHON_NAMES_LINE,
    ]
    assert module.line_origins == (
        CellLocation(1, 7, 0),
        CellLocation(1, 7, 1),
        CellLocation(4, None, 0),
        CellLocation(4, None, 1),
    )
    assert module.location_of(3) == CellLocation(4, None, 1)
    assert module.location_of(4) == CellLocation(4, None, 1)
    assert module.module_line(4, 1) == 3
    assert module.module_line(2, 0) is None
    assert module.with_cell_lines("shape established at line 4 (line 2); see line 3") == (
        "shape established at cell 4, line 2 (cell 1, line 2); see line 3"
    )


def test_source_as_a_string_or_a_list_of_strings() -> None:
    document = json.loads(_notebook_text(new_code_cell("x = 1\ny = 2")))
    assert isinstance(document["cells"][0]["source"], list)
    as_list = json.dumps(document)
    document["cells"][0]["source"] = "x = 1\ny = 2"
    as_string = json.dumps(document)
    assert (
        _module_lines(as_list) == _module_lines(as_string) == ["x = 1", "y = 2", IPYTHON_NAMES_LINE]
    )


IPYTHON_CELL = """%matplotlib inline
!pip install numpy \\
    scipy
files = !ls -la
first, second = %sx echo a b
np.zeros?
??np.ones
for name in files:
    !echo {name}
    %time total = len(name)
text = '''
!not a shell line
%not a magic
'''
modulo = (10
%3)
get_ipython().run_line_magic("who", "")
"""


def test_ipython_lines_become_python_with_the_same_line_count() -> None:
    lines = _module_lines(_notebook_text(new_code_cell(IPYTHON_CELL)))
    assert lines == [
        "",
        "",
        "",
        "files = get_ipython()",
        "first, second = get_ipython()",
        "",
        "",
        "for name in files:",
        "    pass",
        "    total = len(name)",
        "text = '''",
        "!not a shell line",
        "%not a magic",
        "'''",
        "modulo = (10",
        "%3)",
        'get_ipython().run_line_magic("who", "")',
        IPYTHON_NAMES_LINE,
    ]
    ast.parse("\n".join(lines))


def test_time_keeps_its_statement_and_maps_columns_back() -> None:
    module = notebook_module(_notebook_text(new_code_cell("if True:\n    %time  x = 1\n")))
    assert module.source.split("\n")[1] == "    x = 1"
    origin = module.location_of(1)
    assert origin is not None
    assert origin.cell_character(4) == "    %time  x = 1".index("x")
    continued = _notebook_text(new_code_cell('%time x = 1 + \\\n  2\n%time s = """\n%s\n"""'))
    assert _module_lines(continued) == ["", "", 's = """', "%s", '"""', IPYTHON_NAMES_LINE]


def test_cell_magics_keep_python_bodies_and_blank_the_others() -> None:
    text = _notebook_text(
        new_code_cell("%%time\nx = 1\n!ls"),
        new_code_cell("%%bash\necho 'x = 1 @ 2'\nls"),
        new_code_cell("%%timeit\ny = 2"),
    )
    assert _module_lines(text) == ["", "x = 1", "", "", "", "", "", "", IPYTHON_NAMES_LINE]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "not an object"),
        ('{"cells": []}', "no 'nbformat'"),
        ('{"nbformat": 3, "worksheets": []}', "nbformat 3 is not supported"),
        ('{"nbformat": 4, "cells": {}}', "'cells' is not a list"),
        ('{"nbformat": 4, "cells": [{"source": "x"}]}', "cell 1 is not an object"),
        ('{"nbformat": 4, "cells": [{"cell_type": "code", "source": 3}]}', "cell 1: 'source'"),
        (
            '{"nbformat": 4, "cells": [{"cell_type": "code", "source": "", "execution_count": "1"}]}',
            "cell 1: 'execution_count'",
        ),
        ("[" * 100_000, "not JSON"),
    ],
)
def test_malformed_notebooks_are_refused_with_a_reason(text: str, problem: str) -> None:
    with pytest.raises(NotebookError, match=problem):
        notebook_module(text)


REPOSITORY = Path(__file__).parents[2]
PYTHON_FILES = sorted(
    path
    for folder in ("analyses", "tensorls", "server", "tests", "examples", "benchmarks")
    for path in (REPOSITORY / folder).rglob("*.py")
)


def test_plain_python_cells_are_never_changed() -> None:
    """Every Python file of this repository (the soundness corpus, f-strings, triple-quoted
    strings with ``%`` and ``!`` lines, backslash continuations) as one cell reads back unchanged."""
    assert len(PYTHON_FILES) > 300
    for path in PYTHON_FILES:
        source = path.read_text(encoding="utf-8")
        ast.parse(source)
        lines = SourceText(source).lines
        if lines[-1] == "":
            lines.pop()
        module_lines = _module_lines(_notebook_text(new_code_cell(source)))
        assert module_lines == [*lines, IPYTHON_NAMES_LINE], path


ORACLE_CELLS = [
    IPYTHON_CELL,
    "x = 1\n%env A=1\nif x:\n    !ls \\\n       -la\n    y = x\nelse:\n    %who\nz = (x\n% 2)\n",
    "value = 3 % 2\nnot_shell = (1\n    != 2)\nlisting = !ls\nresult = %time sum([1, 2])\n",
    "s = 'x?'\nt = f'{s!r}'\nhelp?\nlen??\n# a comment?\nprint('?')\n",
]


@pytest.mark.parametrize("cell", ORACLE_CELLS)
def test_the_lines_ipython_transforms_are_the_lines_replaced(cell: str) -> None:
    """IPython's own input transformer is the oracle: the lines it leaves as they are (matched
    in order) are exactly the lines left as they are here."""
    transformed = TransformerManager().transform_cell(cell)
    ast.parse(transformed)
    cell_lines = cell.split("\n")[:-1]
    matcher = difflib.SequenceMatcher(None, cell_lines, transformed.split("\n"), autojunk=False)
    kept_by_ipython = [
        cell_lines[block.a + offset]
        for block in matcher.get_matching_blocks()
        for offset in range(block.size)
    ]
    module_lines = _module_lines(_notebook_text(new_code_cell(cell)))[:-1]
    kept_here = [
        line
        for line, module_line in zip(cell_lines, module_lines, strict=True)
        if line == module_line
    ]
    assert kept_here == kept_by_ipython


FRAGMENTS = [
    "%",
    "%%",
    "!",
    "?",
    "??",
    "x",
    " = ",
    "    ",
    "'",
    '"',
    "'''",
    "(",
    ")",
    "\\",
    "#",
    "\n",
    "\r\n",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(FRAGMENTS), max_size=30).map("".join), max_size=4))
def test_any_cell_text_maps_every_line_back(sources: list[str]) -> None:
    """Whatever the cells hold, reading never fails and module line ``i`` comes from the cell
    line ``line_origins[i]`` names, unchanged, without the cell's leading indent, or replaced by
    a Python line."""
    text = _notebook_text(*(new_code_cell(source) for source in sources))
    module = notebook_module(text)
    module_lines = module.source.split("\n")[:-2]
    cell_lines = [SourceText(source).lines for source in sources]
    assert len(module_lines) == len(module.line_origins)
    for module_line, origin in zip(module_lines, module.line_origins, strict=True):
        original = cell_lines[origin.cell - 1][origin.line]
        assert (
            module_line == original
            or (original.endswith(module_line) and not original[: -len(module_line)].strip(" \t"))
            or module_line.strip() in ("", "pass")
            or (module_line.endswith(" = get_ipython()"))
        ), (module_line, original)
        assert module.module_line(origin.cell, origin.line) is not None


INDENTED_CELLS = [
    "    a = np.zeros((3, 4))\n    if a.ndim:\n        b = a.T\n",
    "  # a comment indented alone\nfor i in range(2):\n    print(i)\n",
    "\tx = 1\n\t\n\ty = x + 1\n",
    "    # a comment\n    z = 3\n",
]


@pytest.mark.parametrize("cell", INDENTED_CELLS)
def test_a_cells_common_indent_is_removed_as_ipython_does(cell: str) -> None:
    """Issue 25, class 6: the cell's module lines are IPython's own transform of the cell (the
    installed IPython's ``TransformerManager``), which compiles."""
    transformed = TransformerManager().transform_cell(cell)
    ast.parse(transformed)
    assert _module_lines(_notebook_text(new_code_cell(cell)))[:-1] == transformed.split("\n")[:-1]


def test_a_cell_only_ipython_8_compiles_is_no_syntax_error() -> None:
    """IPython 7 and 8 remove the first line's indent from the lines that start with it, which
    compiles ``  x = 1`` followed by an unindented line (IPython 9's common indent is empty)."""
    module = notebook_module(_notebook_text(new_code_cell("  x = 1\ny = x + 1\n")))
    assert module.source.split("\n")[:2] == ["x = 1", "y = x + 1"]
    ast.parse(module.source)
