"""What checking a notebook costs on top of checking the same code as a ``.py`` file.

Usage (from the repository root, with the test extras installed, for nbformat):

    .venv/bin/python benchmarks/notebook_overhead.py [--files small medium] [--repeats 5]

Each corpus file is cut into code cells, one per top-level statement (with the comments and blank
lines before it), a markdown cell before every tenth code cell and a line magic and a shell line
in every fifth one, and written as an nbformat 4 notebook with nbformat. It reports the fastest
of ``--repeats`` interleaved runs of: reading the notebook into one module
(:func:`notebook_module`: JSON parse, IPython lines replaced, line map), analysing that module,
and analysing the ``.py`` source, and the overhead per code cell. The analysis time budget is lifted so that every run covers the whole
file.
"""

from __future__ import annotations

import argparse
import ast
import itertools
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_files import CORPUS_FILES, corpus_file
from tensorls.analyses import AnalysisSettings, analyse
from tensorls.analyses.notebooks import notebook_module


def notebook_of(source: str) -> tuple[str, int]:
    """The nbformat 4 JSON text of ``source`` cut into cells, and its number of code cells."""
    lines = source.splitlines(keepends=True)
    starts = [statement.lineno - 1 for statement in ast.parse(source).body]
    bounds = [0, *starts[1:], len(lines)]
    cells: list[nbformat.NotebookNode] = []
    for index, (start, end) in enumerate(itertools.pairwise(bounds)):
        if index % 10 == 0:
            cells.append(new_markdown_cell(f"## Part {index // 10 + 1}"))
        ipython = "%matplotlib inline\n!nvidia-smi\n" if index % 5 == 0 else ""
        cells.append(new_code_cell(ipython + "".join(lines[start:end]), execution_count=index + 1))
    return nbformat.writes(new_notebook(cells=cells)), len(bounds) - 1


def fastest_ms(actions: list[Callable[[], object]], repeats: int) -> list[float]:
    """The fastest of ``repeats`` runs of each action, in ms; the actions take turns, so that a
    change in the machine's load affects them alike."""
    times: list[list[float]] = [[] for _ in actions]
    for _ in range(repeats):
        for action, measured in zip(actions, times, strict=True):
            started = time.perf_counter()
            action()
            measured.append(1000 * (time.perf_counter() - started))
    return [min(measured) for measured in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--files", nargs="+", choices=sorted(CORPUS_FILES), default=["small", "medium"]
    )
    parser.add_argument("--repeats", type=int, default=5)
    arguments = parser.parse_args()
    settings = AnalysisSettings(time_budget_ms=600_000)
    for key in arguments.files:
        source = corpus_file(key).read_text(encoding="utf-8")
        text, code_cells = notebook_of(source)
        module = notebook_module(text)
        read, as_notebook, as_script = fastest_ms(
            [
                partial(notebook_module, text),
                partial(analyse, module.source, settings),
                partial(analyse, source, settings),
            ],
            arguments.repeats,
        )
        overhead = read + as_notebook - as_script
        print(
            f"{CORPUS_FILES[key]} ({source.count(chr(10))} lines, {code_cells} code cells,"
            f" {len(text) // 1024} KiB of JSON)\n"
            f"  read notebook into a module  {read:9.1f} ms ({1000 * read / code_cells:.1f} µs/cell)\n"
            f"  analyse the notebook module  {as_notebook:9.1f} ms\n"
            f"  analyse the .py source       {as_script:9.1f} ms\n"
            f"  overhead (read + analyse - .py) {overhead:6.1f} ms"
            f" ({1000 * overhead / code_cells:.1f} µs/cell, {100 * overhead / as_script:+.1f}%)"
        )


if __name__ == "__main__":
    main()
