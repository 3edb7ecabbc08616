"""Jupyter notebooks (nbformat 4) as one Python module, with a map back to cells.

:func:`notebook_module` reads the notebook's JSON text with the standard library (it never
imports nbformat or IPython, never runs a cell) and joins its code cells, in the order they appear,
into one module source, one module line per cell line, so that every analysis fact maps back to
(cell, line in the cell) through :meth:`NotebookModule.location_of`. Markdown and raw cells
contribute no lines.

A cell's common leading indent is removed first, as IPython does before compiling a cell (see
``_without_leading_indent``); the characters removed are kept in the line map for columns.

IPython-only syntax is never an error; each such line is replaced by a line of plain Python with
the same line count (its indentation kept, so that a block whose body it was stays valid):

- ``%time STATEMENT`` on one line: the statement (it runs in the user's namespace), at the
  magic's indentation;
- other line magics (``%matplotlib inline``), shell commands (``!ls``) and help requests
  (``x?``, ``??x``): ``pass`` (a blank line at the top level), their backslash-continued lines
  blank;
- assignments from them (``files = !ls``, ``t = %timeit -o f()``): the names are assigned an
  unknown value (``files = get_ipython()``), so earlier facts about them are forgotten;
- cell magics: ``%%time``, ``%%prun`` and ``%%capture`` run their body as Python in the user's
  namespace, so the body is kept (its ``%%`` line becomes blank); the body of any other cell magic
  (``%%bash``, ``%%writefile``, ``%%timeit``, ``%%html``...) is not Python for this kernel, so the
  whole cell becomes blank lines.

A line is recognised as IPython syntax only where a logical line starts (not inside a string,
brackets or after a backslash), and only when it is not valid Python there, so plain Python is
never changed. ``get_ipython()`` and the other names IPython provides (``display``, ``In``,
``Out``...) stay Python: one extra module line after the last cell, ``from IPython import *``,
mapped to no cell, tells the analysis that the module's globals are not all known (so an
undefined name is never reported in a notebook; the imported module is never read).

Each cell is compiled on its own, as Jupyter does (:func:`converted_cell`): a cell that does not
compile never runs, so its lines are blank in the module (it binds nothing, the later cells are
analysed) and its error is reported on it (:attr:`NotebookModule.cell_syntax_errors`). The joined
module is then analysed with ``AnalysisSettings.cells_compiled``: it is not compiled as a whole,
since what fails only there (a top-level ``await``, a ``__future__`` import or a ``global``
opening a later cell) runs in Jupyter.

Over-approximated: magics that bind names (``%run``, ``%store -r``, ``%pylab``) leave the names
they bind as the module had them. Cells run out of order in the saved session are analysed in
document order.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, MutableMapping
from dataclasses import dataclass, replace

from .facts import Diagnostic, Position, Span
from .syntax import cell_compile_error
from .text import SourceText

NOTEBOOK_MAJOR_VERSION = 4
"""The only nbformat major version read."""

IPYTHON_NAMES_LINE = "from IPython import *"
"""The module line appended after the cells (see the module docstring)."""

PYTHON_BODY_CELL_MAGICS = frozenset({"time", "prun", "capture"})
"""Cell magics that run their body as Python in the user's namespace."""
AUTOMAGIC_NAMES = frozenset(
    {
        "alias", "alias_magic", "autoawait", "autocall", "automagic", "bookmark", "cat", "cd",
        "clear", "code_wrap", "colors", "conda", "config", "connect_info", "cp", "debug", "dhist",
        "dirs", "doctest_mode", "ed", "edit", "env", "gui", "hist", "history", "killbgscripts",
        "ldir", "less", "lf", "lk", "ll", "load", "load_ext", "loadpy", "logoff", "logon",
        "logstart", "logstate", "logstop", "ls", "lsmagic", "lx", "macro", "magic", "mamba",
        "man", "matplotlib", "micromamba", "mkdir", "more", "mv", "notebook", "page", "pastebin",
        "pdb", "pdef", "pdoc", "pfile", "pinfo", "pinfo2", "pip", "popd", "pprint", "precision",
        "prun", "psearch", "psource", "pushd", "pwd", "pycat", "pylab", "qtconsole", "quickref",
        "recall", "rehashx", "reload_ext", "rep", "rerun", "reset", "reset_selective", "rm",
        "rmdir", "run", "save", "sc", "set_env", "sx", "system", "tb", "time", "timeit",
        "unalias", "unload_ext", "uv", "who", "who_ls", "whos", "xdel", "xmode",
    }
)  # fmt: skip
"""The line magics and shell aliases of IPython and ipykernel's shell, which IPython's automagic
(on by default) runs when a one-line cell starts with one of them without ``%``."""
_AUTOMAGIC_WORD = re.compile(r"^[ \t]*(?P<name>[A-Za-z_]\w*)(?:[ \t]|$)")

_ESCAPES = ("%", "!", "?")
_ASSIGNED_ESCAPE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<targets>[A-Za-z_][\w.]*(?:[ \t]*,[ \t]*[A-Za-z_][\w.]*)*)"
    r"[ \t]*=[ \t]*[!%]"
)
_HELP_REQUEST = re.compile(
    r"^[ \t]*(?:\?{1,2})?%{0,2}[A-Za-z_*][\w.*]*(?:\(\))?[ \t]*\?{1,2}[ \t]*$"
)
_TIMED_STATEMENT = re.compile(r"^(?P<indent>[ \t]*)%time[ \t]+(?P<statement>[^-\s].*(?<!\\))$")
_LINE_REFERENCE = re.compile(r"(?:(?<=\bat )|(?<=\())line (?P<line>\d+)\b")
_CELL_MAGIC = re.compile(r"^%%(?P<name>\w+)")


class NotebookError(ValueError):
    """The text is not an nbformat 4 notebook; ``str()`` says what is wrong, for the user."""


@dataclass(frozen=True)
class CellLocation:
    """Where a module line came from: ``cell`` is 1-based among all the notebook's cells (as
    editors number them, markdown included), ``line`` 0-based within the cell's source, and
    ``execution_count`` the ``[n]`` the cell was last run as (None when never run)."""

    cell: int
    execution_count: int | None
    line: int
    dropped_characters: int = 0
    """Characters of the cell line not in the module line before its code (``%time``'s)."""

    def cell_character(self, module_character: int) -> int:
        """The 0-based column in the cell line of a module line's (0-based) column in its code."""
        return module_character + self.dropped_characters


@dataclass(frozen=True)
class NotebookModule:
    """The notebook's code cells as one module source, and where each module line came from."""

    source: str
    line_origins: tuple[CellLocation, ...]
    """``line_origins[i]`` is the origin of module line ``i`` (0-based); the appended
    :data:`IPYTHON_NAMES_LINE` has none."""
    cell_syntax_errors: tuple[Diagnostic, ...] = ()
    """The compile error of each cell that does not compile on its own, in module lines (its
    lines are blank in :attr:`source`; the analysis of the module never sees them): to be
    reported with the analysis's diagnostics."""

    def location_of(self, line: int) -> CellLocation | None:
        """The origin of module line ``line``; a line past the last cell line maps to the last
        cell line (an end-of-file syntax error); None when the notebook has no code line."""
        if not self.line_origins:
            return None
        return self.line_origins[max(0, min(line, len(self.line_origins) - 1))]

    def with_cell_lines(self, text: str) -> str:
        """``text`` (a message or hover text of the analysis) with its references to module
        lines (``at line 12``, ``(line 12)``) rewritten as ``cell 3, line 2`` (1-based)."""

        return with_cell_lines(text, self.location_of)

    def module_line(self, cell: int, line: int) -> int | None:
        """The module line of 0-based ``line`` of the 1-based ``cell``; None when it has none."""
        for module_line, origin in enumerate(self.line_origins):
            if origin.cell == cell and origin.line == line:
                return module_line
        return None


def with_cell_lines(text: str, location_of: Callable[[int], CellLocation | None]) -> str:
    """``text`` with each reference to a (1-based) module line (``at line 12``, ``(line 12)``)
    rewritten as ``cell 3, line 2`` (1-based) from ``location_of`` (0-based module line to its
    origin); a reference whose line has no origin is kept."""

    def cell_reference(reference: re.Match[str]) -> str:
        origin = location_of(int(reference["line"]) - 1)
        if origin is None:
            return reference[0]
        return f"cell {origin.cell}, line {origin.line + 1}"

    return _LINE_REFERENCE.sub(cell_reference, text)


def notebook_cells(text: str) -> list[tuple[str, str]]:
    """The ``(cell_type, source)`` of each cell of the notebook JSON ``text``, in order;
    :class:`NotebookError` when ``text`` is not an nbformat 4 notebook."""
    return [
        (str(cell["cell_type"]), _cell_source(cell, number))
        for number, cell in enumerate(_notebook_cells(text), start=1)
    ]


def _cell_source(cell: dict[str, object], number: int) -> str:
    source = cell.get("source", "")
    if isinstance(source, str):
        return source
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source)
    raise NotebookError(f"cell {number}: 'source' is neither a string nor a list of strings")


def _execution_count(cell: dict[str, object], number: int) -> int | None:
    count = cell.get("execution_count")
    if count is None or (isinstance(count, int) and not isinstance(count, bool)):
        return count
    raise NotebookError(f"cell {number}: 'execution_count' is neither a number nor null")


def _notebook_cells(text: str) -> list[dict[str, object]]:
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise NotebookError(f"not JSON ({error})") from None
    if not isinstance(document, dict):
        raise NotebookError("not a notebook: the JSON document is not an object")
    version = document.get("nbformat")
    if not isinstance(version, int) or isinstance(version, bool):
        raise NotebookError("not a notebook: no 'nbformat' version number")
    if version != NOTEBOOK_MAJOR_VERSION:
        raise NotebookError(
            f"nbformat {version} is not supported (only nbformat {NOTEBOOK_MAJOR_VERSION})"
        )
    cells = document.get("cells")
    if not isinstance(cells, list):
        raise NotebookError("not a notebook: 'cells' is not a list")
    for number, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str):
            raise NotebookError(f"cell {number} is not an object with a 'cell_type'")
    return cells


class _LogicalLineTracker:
    """Whether the next physical line starts a logical line: outside strings and brackets and
    not after a backslash. Over-approximated: an unterminated one-line string ends at its line."""

    def __init__(self) -> None:
        self.open_triple: str | None = None
        self.depth = 0
        self.continued = False

    @property
    def at_statement_start(self) -> bool:
        return self.open_triple is None and self.depth == 0 and not self.continued

    def feed(self, line: str) -> None:
        self.continued = False
        index = 0
        length = len(line)
        while index < length:
            if self.open_triple is not None:
                if line[index] == "\\":
                    index += 2
                    continue
                if line.startswith(self.open_triple, index):
                    index += 3
                    self.open_triple = None
                    continue
                index += 1
                continue
            character = line[index]
            if character == "#":
                return
            if character in "([{":
                self.depth += 1
            elif character in ")]}":
                self.depth = max(0, self.depth - 1)
            elif character in "'\"":
                if line.startswith(character * 3, index):
                    self.open_triple = character * 3
                    index += 3
                    continue
                index = self._skip_short_string(line, index + 1, character)
                continue
            elif character == "\\" and index == length - 1:
                self.continued = True
            index += 1

    @staticmethod
    def _skip_short_string(line: str, index: int, quote: str) -> int:
        while index < len(line):
            if line[index] == "\\":
                index += 2
            elif line[index] == quote:
                return index + 1
            else:
                index += 1
        return index


def _is_ipython_line(line: str) -> bool:
    stripped = line.lstrip(" \t")
    return (
        stripped.startswith(_ESCAPES)
        or _ASSIGNED_ESCAPE.match(line) is not None
        or _HELP_REQUEST.match(line) is not None
    )


def _python_replacement(line: str) -> tuple[str, int]:
    """The Python line standing for the IPython ``line``, and how many characters it drops
    before the code it keeps (``%time`` keeps its statement)."""
    assigned = _ASSIGNED_ESCAPE.match(line)
    if assigned is not None:
        return f"{assigned['indent']}{assigned['targets']} = get_ipython()", 0
    timed = _TIMED_STATEMENT.match(line)
    if timed is not None:
        return timed["indent"] + timed["statement"], timed.start("statement") - len(timed["indent"])
    indent = line[: len(line) - len(line.lstrip(" \t"))]
    return (f"{indent}pass" if indent else ""), 0


def _python_lines(lines: list[str]) -> list[tuple[str, int]]:
    """``lines`` with IPython-only lines replaced, one output line (with the characters dropped
    before its code, see :func:`_python_replacement`) per input line."""
    tracker = _LogicalLineTracker()
    output: list[tuple[str, int]] = []
    in_escaped_command = False
    for line in lines:
        if in_escaped_command:
            replaced = ("", 0)
            in_escaped_command = line.endswith("\\")
        elif tracker.at_statement_start and _is_ipython_line(line):
            replaced = _python_replacement(line)
            in_escaped_command = line.endswith("\\")
        else:
            replaced = (line, 0)
        tracker.feed(replaced[0])
        output.append(replaced)
    return output


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


def _without_leading_indent(lines: list[str]) -> list[str]:
    """The cell's ``lines`` without the leading indent IPython removes before compiling a cell
    (``IPython.core.inputtransformer2.leading_indent``, after ``leading_empty_lines``): IPython
    9 removes the indent common to all non-blank lines (``textwrap.dedent``, blank lines
    becoming empty); IPython 7 and 8 remove the first non-blank line's indent from each line that
    starts with it. IPython 9's result is used when its first line of code (not blank, not a
    comment) has no indent left; otherwise IPython 8's (the only one of the two that may compile
    then), so that no cell one of them runs is a syntax error."""
    written = [line for line in lines if line.strip(" \t")]
    if not written:
        return lines
    margin = _indent(written[0])
    for line in written[1:]:
        indent = _indent(line)
        while not indent.startswith(margin):
            margin = margin[:-1]
    dedented = [line[len(margin) :] if line.strip(" \t") else "" for line in lines]
    first_code = next(
        (line for line in dedented if line.strip(" \t") and not line.lstrip(" \t").startswith("#")),
        "",
    )
    if not _indent(first_code):
        return dedented
    first = _indent(written[0])
    return [line[len(first) :] if line.startswith(first) else line for line in lines]


def _code_cell_lines(source: str) -> list[tuple[str, int]]:
    original = SourceText(source).lines
    if original and original[-1] == "":
        original.pop()
    lines = _without_leading_indent(original)
    return [
        (line, dropped + len(before) - len(without))
        for (line, dropped), before, without in zip(
            _python_cell_lines(lines), original, lines, strict=True
        )
    ]


def _python_cell_lines(lines: list[str]) -> list[tuple[str, int]]:
    first_code = next((line for line in lines if line.strip()), "")
    cell_magic = _CELL_MAGIC.match(first_code.lstrip(" \t"))
    if cell_magic is None:
        return _python_lines(lines)
    if cell_magic["name"] not in PYTHON_BODY_CELL_MAGICS:
        return [("", 0)] * len(lines)
    magic_line = lines.index(first_code)
    return [("", 0)] * (magic_line + 1) + _python_lines(lines[magic_line + 1 :])


@dataclass(frozen=True)
class CodeCell:
    """One code cell: its 1-based ``number`` among all the notebook's cells, its source and the
    ``[n]`` it was last run as (None when never run)."""

    number: int
    source: str
    execution_count: int | None = None


@dataclass(frozen=True)
class ConvertedCell:
    """A code cell's source as module lines, and whether the cell compiles on its own.

    ``lines`` holds one module line per cell line with the characters dropped before its code
    (see :func:`_python_replacement`). ``syntax_error`` is CPython's error compiling the cell
    alone (positions 0-based in the cell's lines), None when it compiles: Jupyter compiles each
    cell on its own and does not run one that does not compile, so such a cell binds nothing and
    its lines stand in the module as blank lines.
    """

    lines: tuple[tuple[str, int], ...]
    syntax_error: Diagnostic | None = None


def converted_cell(source: str) -> ConvertedCell:
    """The module lines of the code cell ``source`` and its compile error (see
    :class:`ConvertedCell`); the cell's IPython lines are replaced before it is compiled, as
    IPython transforms a cell before compiling it."""
    lines = tuple(_code_cell_lines(source))
    code = "\n".join(line for line, _ in lines) + "\n"
    error = cell_compile_error(code)
    if error is None:
        return ConvertedCell(lines)
    if _automagic(lines):
        return ConvertedCell(tuple(("", dropped) for _, dropped in lines))
    return ConvertedCell(tuple(("", dropped) for _, dropped in lines), error)


def _automagic(lines: tuple[tuple[str, int], ...]) -> bool:
    """Whether a cell that does not compile is one line IPython runs as a magic without ``%``
    (``ls ./data``, ``pip install x``): its ``transform_cell`` prefilters a cell of one line
    (after leading blank lines), where automagic runs a line starting with a line magic's name
    that no variable shadows. Such a cell binds nothing tensorls knows of (like ``%ls``)."""
    written = [line for line, _ in lines]
    while written and not written[0].strip(" \t"):
        written.pop(0)
    if len(written) != 1:
        return False
    word = _AUTOMAGIC_WORD.match(written[0])
    return word is not None and word["name"] in AUTOMAGIC_NAMES


def _shifted(diagnostic: Diagnostic, first_line: int, line_count: int) -> Diagnostic:
    """``diagnostic`` of a cell's lines moved to the module, starting at ``first_line``; a
    position past the cell's last line (an end-of-cell error) is kept on that line."""

    def moved(position: Position) -> Position:
        line = min(position.line, max(line_count - 1, 0))
        return Position(first_line + line, position.character)

    span = diagnostic.span
    return replace(diagnostic, span=Span(moved(span.start), moved(span.end)))


def module_of_cells(
    cells: Iterable[CodeCell], converted: MutableMapping[str, ConvertedCell] | None = None
) -> NotebookModule:
    """The code ``cells`` (in notebook order) as one module (see the module docstring); used for
    notebook files and for the cells an editor synchronises. ``converted``, kept by the caller
    between calls, holds the :class:`ConvertedCell` of each cell source already converted (an
    editor's notebook changes one cell at a time; the caller prunes it). A cell that does not
    compile on its own contributes blank lines and its error
    (:attr:`NotebookModule.cell_syntax_errors`)."""
    module_lines: list[str] = []
    origins: list[CellLocation] = []
    errors: list[Diagnostic] = []
    for cell in cells:
        conversion = converted.get(cell.source) if converted is not None else None
        if conversion is None:
            conversion = converted_cell(cell.source)
            if converted is not None:
                converted[cell.source] = conversion
        if conversion.syntax_error is not None:
            errors.append(
                _shifted(conversion.syntax_error, len(module_lines), len(conversion.lines))
            )
        for line_in_cell, (line, dropped) in enumerate(conversion.lines):
            module_lines.append(line)
            origins.append(CellLocation(cell.number, cell.execution_count, line_in_cell, dropped))
    module_lines.append(IPYTHON_NAMES_LINE)
    return NotebookModule("\n".join(module_lines) + "\n", tuple(origins), tuple(errors))


def notebook_module(text: str) -> NotebookModule:
    """The code cells of the notebook JSON ``text`` as one module; :class:`NotebookError` when
    ``text`` is not an nbformat 4 notebook (not JSON, another version, a malformed cell)."""
    return module_of_cells(
        [
            CodeCell(number, _cell_source(cell, number), _execution_count(cell, number))
            for number, cell in enumerate(_notebook_cells(text), start=1)
            if cell["cell_type"] == "code"
        ]
    )
