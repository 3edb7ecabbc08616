"""Cell wording for a notebook a client sends as one joined Python text document.

jupyterlab-lsp 5.3.0 has no notebook document sync: it opens a notebook as one text document
under the notebook's own ``.ipynb`` URI, the notebook's cells joined in order (each cell's lines,
then two blank lines; one line break ends the last cell), as its ``VirtualDocument`` does
(``appendCodeBlock`` / ``value`` of ``@jupyterlab/lsp`` 4.4 with ``blankLinesBetweenCells = 2``).
Line magics are rewritten line for line (``%matplotlib inline`` becomes a ``get_ipython()`` call),
and a cell magic's cell keeps its line count except ``%%time``/``%%capture``, which gain a last
line. Diagnostic ranges are mapped back into the cells by jupyterlab-lsp itself; only the line
numbers written inside message and hover text count the joined document's lines.

:func:`joined_cell_origins` recovers which cell each line of such a document came from, from the
notebook saved on disk (read as bytes, never executed), so that those numbers can be written as
``cell N, line M``. The split is accepted only when it is certain:

- every cell of the saved notebook is found where the joining rule puts it, each line verbatim
  (a line with IPython syntax, ``%``/``!``/``?``, may stand as its ``get_ipython()`` rewrite), or
- all cells but one are found so, the ones before it from the top and the ones after it from the
  bottom, and what lies between them holds no two consecutive blank lines (which would be a cell
  boundary: the user may have added a cell) and ends with the two separator lines: that is the
  one cell edited since the last save (or a cell magic's cell), its lines counted from its top.

The notebook's cells are tried both with its markdown and raw cells among the blocks and without
them, and a split is used only when exactly one reading gives one. Otherwise, or when the file
cannot be read or is not an nbformat 4 notebook, there is no cell wording and line numbers stay
those of the joined document. Never guessed: a notebook whose unsaved cells were split or merged
exactly at two blank lines joins to the same text as the saved one and is numbered as saved.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from tensorls.analyses import Diagnostic
from tensorls.analyses.notebooks import (
    CellLocation,
    NotebookError,
    notebook_cells,
    with_cell_lines,
)

from tensorls.files import MAX_NOTEBOOK_BYTES, FileProblem, read_source_bytes

NOTEBOOK_SUFFIX = ".ipynb"
SEPARATOR = ["", ""]
"""The lines after each cell in the joined document (the last cell's second one is implied)."""
_IPYTHON_MARKS = ("%", "!", "?")
_REWRITTEN_MARK = "get_ipython()"


@dataclass(frozen=True)
class NotebookBlock:
    """One cell as a block of the joined document: its 1-based number among all cells."""

    number: int
    lines: tuple[str, ...]


@dataclass(frozen=True)
class JoinedCellOrigins:
    """Where each line of a joined document came from (None for a separator line)."""

    origins: tuple[CellLocation | None, ...]

    def location_of(self, line: int) -> CellLocation | None:
        return self.origins[line] if 0 <= line < len(self.origins) else None

    def with_cell_lines(self, text: str) -> str:
        """``text`` with its references to joined-document lines written as cell and line."""
        return with_cell_lines(text, self.location_of)


def _same_line(document_line: str, cell_line: str) -> bool:
    if document_line == cell_line:
        return True
    return any(mark in cell_line for mark in _IPYTHON_MARKS) and _REWRITTEN_MARK in document_line


def _found_at(padded: list[str], start: int, block: NotebookBlock) -> bool:
    """Whether ``block`` and its two separator lines are the lines of ``padded`` from ``start``."""
    unit = [*block.lines, *SEPARATOR]
    if start < 0 or start + len(unit) > len(padded):
        return False
    return all(_same_line(padded[start + index], line) for index, line in enumerate(unit))


def _cell_lines(block: NotebookBlock, count: int) -> list[CellLocation | None]:
    return [CellLocation(block.number, None, line) for line in range(count)] + [None, None]


def _split(padded: list[str], blocks: list[NotebookBlock]) -> list[CellLocation | None] | None:
    """The origin of each line of ``padded`` (the document's lines and one more blank line) as
    the joining of ``blocks`` with at most one block edited (see the module docstring)."""
    origins: list[CellLocation | None] = []
    start = 0
    found_before = 0
    while found_before < len(blocks) and _found_at(padded, start, blocks[found_before]):
        block = blocks[found_before]
        origins += _cell_lines(block, len(block.lines))
        start += len(block.lines) + len(SEPARATOR)
        found_before += 1
    if found_before == len(blocks):
        return origins if start == len(padded) else None
    end = len(padded)
    after: list[list[CellLocation | None]] = []
    for block in reversed(blocks[found_before + 1 :]):
        end -= len(block.lines) + len(SEPARATOR)
        if not _found_at(padded, end, block):
            return None
        after.insert(0, _cell_lines(block, len(block.lines)))
    edited = padded[start:end]
    content = edited[: -len(SEPARATOR)]
    if len(edited) < len(SEPARATOR) + 1 or edited[-len(SEPARATOR) :] != SEPARATOR:
        return None
    if any(first == second == "" for first, second in itertools.pairwise(content)):
        return None
    origins += _cell_lines(blocks[found_before], len(content))
    for block_origins in after:
        origins += block_origins
    return origins


def _readings(cells: list[tuple[str, str]]) -> list[list[NotebookBlock]]:
    every = [
        NotebookBlock(number, tuple(source.split("\n")))
        for number, (_, source) in enumerate(cells, start=1)
    ]
    code = [block for block, (kind, _) in zip(every, cells, strict=True) if kind == "code"]
    return [every, code] if len(code) != len(every) else [every]


def joined_cell_origins(document_text: str, notebook_text: str) -> JoinedCellOrigins | None:
    """The cell origins of the joined document ``document_text`` of the notebook JSON
    ``notebook_text``; None when no single certain split exists (see the module docstring)."""
    try:
        cells = notebook_cells(notebook_text)
    except NotebookError:
        return None
    if not cells:
        return None
    padded = [*document_text.split("\n"), ""]
    splits = [split for blocks in _readings(cells) if (split := _split(padded, blocks)) is not None]
    if len(splits) != 1:
        return None
    return JoinedCellOrigins(tuple(splits[0][: len(padded) - 1]))


@dataclass(frozen=True)
class SavedNotebook:
    """The text of a notebook file as last read, and what identifies that version on disk."""

    path: Path
    stamp: tuple[int, int]
    text: str | None


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


def saved_notebook(path: Path, known: SavedNotebook | None) -> SavedNotebook | None:
    """The notebook file at ``path``: ``known`` while the file's modification time and size are
    unchanged, else read again (a regular file, at most :data:`MAX_NOTEBOOK_BYTES`, UTF-8);
    None when it cannot be stated. Its ``text`` is None when it cannot be read."""
    stamp = _stamp(path)
    if stamp is None:
        return None
    if known is not None and known.path == path and known.stamp == stamp:
        return known
    try:
        text: str | None = read_source_bytes(path, MAX_NOTEBOOK_BYTES).decode("utf-8-sig")
    except (FileProblem, UnicodeDecodeError):
        text = None
    return SavedNotebook(path, stamp, text)


@dataclass
class CellWording:
    """The cell wording of a text document under a notebook's URI: the saved notebook (read again
    when the file's modification time or size changes) and the cell origins of the two latest
    analysed versions' texts (diagnostics and hovers may come from different analyses)."""

    path: Path
    saved: SavedNotebook | None = None
    _origins: dict[int, JoinedCellOrigins | None] = dataclasses.field(default_factory=dict)

    def origins(self, version: int, document_text: str) -> JoinedCellOrigins | None:
        """The cell origins of version ``version`` of the document, whose text is
        ``document_text`` (computed once per version and saved notebook)."""
        saved = saved_notebook(self.path, self.saved)
        if saved is not self.saved:
            self.saved = saved
            self._origins.clear()
        if version not in self._origins:
            if saved is None or saved.text is None:
                return None
            kept = sorted(self._origins)[-1:]
            self._origins = {known: self._origins[known] for known in kept}
            self._origins[version] = joined_cell_origins(document_text, saved.text)
        return self._origins[version]

    def message(self, version: int, document_text: str, text: str) -> str:
        """``text`` (a message or hover of that version's analysis) in cell terms when the
        document splits into the saved notebook's cells; unchanged otherwise."""
        origins = self.origins(version, document_text)
        return text if origins is None else origins.with_cell_lines(text)

    def diagnostics(
        self, version: int, document_text: str, diagnostics: Iterable[Diagnostic]
    ) -> list[Diagnostic]:
        """``diagnostics`` of that version's analysis, their messages (related ones too) worded
        by :meth:`message`."""
        origins = self.origins(version, document_text)
        if origins is None:
            return list(diagnostics)
        return [
            dataclasses.replace(
                diagnostic,
                message=origins.with_cell_lines(diagnostic.message),
                related=tuple(
                    dataclasses.replace(item, message=origins.with_cell_lines(item.message))
                    for item in diagnostic.related
                ),
            )
            for diagnostic in diagnostics
        ]


def cell_wording(path: str | None) -> CellWording | None:
    """The cell wording of a text document at file path ``path``: only for a ``.ipynb`` path."""
    if path is None or not path.endswith(NOTEBOOK_SUFFIX):
        return None
    return CellWording(Path(path))
