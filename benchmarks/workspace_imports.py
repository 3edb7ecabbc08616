"""What following imports of the project's own modules costs, per import and per notebook cell.

Usage (from the repository root):

    .venv/bin/python benchmarks/workspace_imports.py [--imports 1 4 16] [--repeats 5]
        [--big-module KEYSTROKES]

Imports: a script imports N project modules, each a copy of the small corpus file (309 lines of
NumPy code) with one function the script calls. It reports the fastest of ``--repeats`` runs of
analysing the script with its imports unknown (no workspace: what every analysis did before),
with a cold summary cache (every module analysed) and with a warm one (every module's summary
reused: its text hashed and its imports re-resolved), and the added cost per import.

A big module (``--big-module``): a script importing one project module of nearly
``MAX_MODULE_TEXT`` characters (generated: module-level weights and one small function per
weight), analysed with the default settings as the server does, with one ``DocumentCache`` and
one workspace: the first analysis, then keystrokes typed at the end of the script (its
checkpoints restore the import), then an edit of its first line (the import statement runs again:
the module's body is replayed from its summary, or run again where none applies). It reports the
CPU time of each (the median of the keystrokes), how many times the module's body ran, and the
process's peak RSS.

Notebook cells (the server's notebook sync): the medium corpus file cut into one code cell per
top-level statement; it reports the cost per cell of joining the synchronised cells into one
module, from scratch and again after an edit (the server keeps each cell's converted lines), and the incremental re-analysis after an edit of one cell against
the same edit of the ``.py`` file. The analysis time budget is lifted so that every run covers
the whole file.
"""

from __future__ import annotations

import argparse
import ast
import itertools
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_files import CORPUS_FILES, corpus_file
from tensorls.analyses import AnalysisSettings, analyse
from tensorls.analyses.incremental import DocumentCache
from tensorls.analyses.interpreter.modules.import_rules import ImportRules
from tensorls.analyses.notebooks import CodeCell, module_of_cells
from tensorls.analyses.workspace import MAX_MODULE_TEXT, ModuleSearch, Workspace

from tensorls.files import read_module_text

SETTINGS = AnalysisSettings(time_budget_ms=600_000)
EXPORTED = """

def exported_weights(rows):
    return np.zeros((rows, 16))
"""


def fastest_ms(action: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        times.append(1000 * (time.perf_counter() - started))
    return min(times)


def measure_imports(count: int, repeats: int) -> None:
    module_text = corpus_file("small").read_text(encoding="utf-8") + EXPORTED
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        lines = ["import numpy as np"]
        for index in range(count):
            (root / f"module_{index}.py").write_text(module_text)
            lines.append(f"import module_{index}")
            lines.append(f"w{index} = module_{index}.exported_weights({index + 2})")
        lines.append("total = np.ones((3, 2)) @ w0[:2]")
        script = root / "main.py"
        script.write_text("\n".join(lines) + "\n")
        source = script.read_text()

        def unknown() -> None:
            analyse(source, SETTINGS)

        def cold() -> None:
            workspace = Workspace(ModuleSearch((), read_module_text))
            analyse(source, SETTINGS, workspace=workspace, path=str(script))

        warm_workspace = Workspace(ModuleSearch((), read_module_text))
        analyse(source, SETTINGS, workspace=warm_workspace, path=str(script))

        def warm() -> None:
            analyse(source, SETTINGS, workspace=warm_workspace, path=str(script))

        baseline = fastest_ms(unknown, repeats)
        cold_ms = fastest_ms(cold, repeats)
        warm_ms = fastest_ms(warm, repeats)
        print(
            f"{count:3d} imports: unknown {baseline:8.1f} ms | cold {cold_ms:8.1f} ms"
            f" ({(cold_ms - baseline) / count:7.1f} ms/import) | warm {warm_ms:8.1f} ms"
            f" ({(warm_ms - baseline) / count:6.2f} ms/import)"
        )


BIG_MODULE_BLOCK = """
W{index} = np.zeros(({rows}, 8))


def layer_{index}(x):
    h = x @ W{index}
    return np.maximum(h, 0.0)
"""


def big_module_text(limit: int) -> str:
    """A module of module-level weights and small functions, just under ``limit`` characters."""
    parts = ["import numpy as np\n"]
    size = len(parts[0])
    index = 0
    while True:
        block = BIG_MODULE_BLOCK.format(index=index, rows=4 + index % 5)
        if size + len(block) > limit:
            return "".join(parts)
        parts.append(block)
        size += len(block)
        index += 1


def measure_big_module(keystrokes: int) -> None:
    module_text = big_module_text(MAX_MODULE_TEXT - 1000)
    runs = {"body": 0}
    original = ImportRules.run_module_body

    def counted(machine: ImportRules, *arguments: object) -> None:
        runs["body"] += 1
        original(machine, *arguments)  # type: ignore[arg-type]

    ImportRules.run_module_body = counted  # type: ignore[method-assign]
    try:
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            (root / "big.py").write_text(module_text)
            script = root / "train.py"
            source = "import numpy as np\nimport big\n\ny = big.layer_0(np.ones((2, 4)))\n"
            script.write_text(source)
            workspace = Workspace(ModuleSearch((), read_module_text))
            cache = DocumentCache()

            def timed(text: str) -> tuple[float, object]:
                started = time.process_time()
                result = analyse(
                    text, AnalysisSettings(), cache=cache, workspace=workspace, path=str(script)
                )
                return 1000 * (time.process_time() - started), result

            first_ms, first = timed(source)
            stopped = any(d.code == "analysis-budget" for d in first.diagnostics)  # type: ignore[attr-defined]
            typed = source
            keystroke_ms = []
            for character in itertools.islice(itertools.cycle("z = y + 1\n"), keystrokes):
                typed += character
                if not _parses(typed):
                    continue
                keystroke_ms.append(timed(typed)[0])
            runs_after_typing = runs["body"]
            top_edit_ms, _ = timed("# edited\n" + typed)
    finally:
        ImportRules.run_module_body = original  # type: ignore[method-assign]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"big module ({len(module_text):,} characters): first analysis {first_ms:.0f} ms CPU"
        f"{' (budget ran out)' if stopped else ''}; {len(keystroke_ms)} keystrokes at the end:"
        f" median {statistics.median(keystroke_ms):.0f} ms, max {max(keystroke_ms):.0f} ms;"
        f" edit of line 1: {top_edit_ms:.0f} ms; module body run {runs_after_typing} time(s)"
        f" before the line-1 edit, {runs['body']} after; peak RSS {peak:.0f} MB"
    )


def _parses(text: str) -> bool:
    try:
        ast.parse(text)
    except SyntaxError:
        return False
    return True


def cells_of(source: str) -> list[str]:
    lines = source.splitlines(keepends=True)
    starts = [statement.lineno - 1 for statement in ast.parse(source).body]
    bounds = [0, *starts[1:], len(lines)]
    return ["".join(lines[start:end]) for start, end in itertools.pairwise(bounds)]


def measure_cells(repeats: int) -> None:
    source = corpus_file("medium").read_text(encoding="utf-8")
    cells = cells_of(source)
    code = [CodeCell(number, text) for number, text in enumerate(cells, start=1)]
    join_ms = fastest_ms(lambda: module_of_cells(code), repeats)
    converted: dict[str, list[tuple[str, int]]] = {}
    module_of_cells(code, converted)
    rejoin_ms = fastest_ms(lambda: module_of_cells(code, converted), repeats)
    middle = len(cells) // 2
    edited = [*cells[:middle], cells[middle] + "extra_name = 1\n", *cells[middle + 1 :]]
    edited_code = [CodeCell(number, text) for number, text in enumerate(edited, start=1)]

    def incremental(before: str, after: str) -> Callable[[], object]:
        def run() -> None:
            cache = DocumentCache()
            analyse(before, SETTINGS, cache=cache)
            started = time.perf_counter()
            analyse(after, SETTINGS, cache=cache)
            timings.append(1000 * (time.perf_counter() - started))

        return run

    results = []
    for before, after in (
        (module_of_cells(code).source, module_of_cells(edited_code).source),
        ("".join(cells), "".join(edited)),
    ):
        timings: list[float] = []
        for _ in range(repeats):
            incremental(before, after)()
        results.append(min(timings))
    print(
        f"{CORPUS_FILES['medium']}: {len(cells)} cells; joining the cells {join_ms:.1f} ms"
        f" ({1000 * join_ms / len(cells):.1f} µs/cell), again after an edit (conversions kept)"
        f" {rejoin_ms:.1f} ms ({1000 * rejoin_ms / len(cells):.1f} µs/cell); re-analysis after"
        " editing one cell"
        f" {results[0]:.1f} ms, the same edit of the .py {results[1]:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--imports", nargs="+", type=int, default=[1, 4, 16])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--big-module",
        type=int,
        metavar="KEYSTROKES",
        help="only the big-module measurement, with this many keystrokes",
    )
    arguments = parser.parse_args()
    if arguments.big_module:
        measure_big_module(arguments.big_module)
        return
    for count in arguments.imports:
        measure_imports(count, arguments.repeats)
    measure_cells(arguments.repeats)


if __name__ == "__main__":
    main()
