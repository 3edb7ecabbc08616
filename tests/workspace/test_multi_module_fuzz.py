"""Incremental re-analysis of a split project equals analysis from scratch, over random edits of
any of its modules.

The projects are ``one_heap/``'s NumPy ones and ``examples/project``. Each sequence edits, one
random edit at a time (``incremental_fuzz.versions``), either train.py or one of the modules it
imports, and analyses train.py twice: with its ``DocumentCache`` and a workspace kept across the
sequence (as the server keeps them: call summaries, checkpoints, module records), and from
scratch (a new cache, a new workspace). Everything a client sees must be the same (diagnostics,
hovers at every recorded expression, inlay hints, rewrites, modules used).

A second fuzzer does the same on generated projects of more modules than an analysis loads
(``MAX_MODULES_RUN``), editing the script or any module by appending harmless lines or by a
random edit (issue 30, item 5: appending lines made errors appear and disappear). Run at volume
with ``python -m tests.workspace.test_multi_module_fuzz --seconds 600 --seed 1``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path

from tensorls.analyses import AnalysisResult, analyse
from tensorls.analyses.incremental import DocumentCache
from tensorls.analyses.interpreter.modules.imports import MAX_MODULES_RUN
from tensorls.analyses.text import SourceText
from tensorls.analyses.workspace import ModuleSearch, Workspace

from ..fuzz_cli import fuzz_parser
from ..interpreter.incremental_fuzz import SETTINGS, exposed, hover_probes, versions

ROOT = Path(__file__).parents[2]
PROJECTS = {
    **{
        name: ROOT / "tests" / "workspace" / "one_heap" / name
        for name in ("list", "dict", "dataclass", "closure", "generator")
    },
    "example": ROOT / "examples" / "project",
}
FOLDER = "/project"
SCRIPT = f"{FOLDER}/train.py"
VERSIONS = 240
SEED = 32


def both(files: dict[str, str], cache: DocumentCache, workspace: Workspace, mode: str) -> bool:
    """Analyse the script incrementally and from scratch; whether they expose the same."""
    settings = SETTINGS[mode]
    source = files[SCRIPT]
    cached = analyse(source, settings, cache=cache, workspace=workspace, path=SCRIPT)
    fresh = analyse(source, settings, workspace=Workspace(ModuleSearch((), files.get)), path=SCRIPT)
    return _same(cached, fresh, source)


def _same(cached: AnalysisResult, fresh: AnalysisResult, source: str) -> bool:
    text = SourceText(source)
    probes = hover_probes(cached, text) | hover_probes(fresh, text)
    lines = len(text.lines)
    return cached.modules == fresh.modules and exposed(cached, probes, lines) == exposed(
        fresh, probes, lines
    )


def test_edits_of_any_module_keep_incremental_equal_to_scratch() -> None:
    rng = random.Random(SEED)
    done = 0
    restored = 0
    while done < VERSIONS:
        name = rng.choice(sorted(PROJECTS))
        files = {f"{FOLDER}/{path.name}": path.read_text() for path in PROJECTS[name].glob("*.py")}
        mode = rng.choice(sorted(SETTINGS))
        cache = DocumentCache()
        workspace = Workspace(ModuleSearch((), files.get))
        assert both(files, cache, workspace, mode), name
        for _ in range(8):
            path = rng.choice(sorted(files))
            files[path] = next(versions(files[path], rng, 1))
            done += 1
            assert both(files, cache, workspace, mode), (name, mode, path, files)
            restored += cache.checkpoints.restored > 0
    assert restored > VERSIONS // 4


MANY_MODULES_SEED = 305
MANY_MODULES_VERSIONS = 6


def many_modules(rng: random.Random) -> dict[str, str]:
    """A script importing more modules than one analysis loads, each defining a size and a
    function building an array of it; the script multiplies each with a matrix whose rows
    match the size, or (every third module) not."""
    count = MAX_MODULES_RUN + rng.randint(1, 8)
    files: dict[str, str] = {}
    script = ["import numpy as np"]
    for index in range(count):
        size = index % 5 + 2
        files[f"{FOLDER}/m{index}.py"] = (
            f"import numpy as np\nSIZE = {size}\ndef make():\n    return np.zeros((SIZE, 3))\n"
        )
        script.append(f"import m{index}")
    for index in range(count):
        rows = 3 if index % 3 == 0 else index % 5 + 2
        script.append(f"v{index} = m{index}.make().T @ np.ones(({rows}, 2))")
    files[SCRIPT] = "\n".join(script) + "\n"
    return files


def many_module_versions(rng: random.Random, versions_per_project: int) -> Iterator[bool]:
    """Whether incremental equals from scratch, for each version of one generated project."""
    files = many_modules(rng)
    mode = rng.choice(sorted(SETTINGS))
    cache = DocumentCache()
    workspace = Workspace(ModuleSearch((), files.get))
    yield both(files, cache, workspace, mode)
    for _ in range(versions_per_project):
        path = rng.choice([SCRIPT, SCRIPT, *sorted(files)])
        if rng.random() < 0.5:
            files[path] += f"harmless_{rng.randint(0, 99)} = 1\n"
        else:
            files[path] = next(versions(files[path], rng, 1))
        yield both(files, cache, workspace, mode)


def test_many_module_projects_keep_incremental_equal_to_scratch() -> None:
    rng = random.Random(MANY_MODULES_SEED)
    assert all(many_module_versions(rng, MANY_MODULES_VERSIONS))


def main() -> None:
    parser = fuzz_parser(__doc__)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    deadline = time.monotonic() + arguments.seconds
    projects = analysed = 0
    while time.monotonic() < deadline:
        projects += 1
        for equal in many_module_versions(rng, 8):
            analysed += 1
            assert equal, (arguments.seed, projects, analysed)
    print(f"{projects} projects, {analysed} versions, each analysed incrementally and from scratch")


if __name__ == "__main__":
    main()
