"""Incremental re-analysis of a split project equals analysis from scratch, over random edits of
any of its modules.

The projects are ``one_heap/``'s NumPy ones and ``examples/project``. Each sequence edits, one
random edit at a time (``incremental_fuzz.versions``), either train.py or one of the modules it
imports, and analyses train.py twice: with its ``DocumentCache`` and a workspace kept across the
sequence (as the server keeps them: call summaries, checkpoints, module records), and from
scratch (a new cache, a new workspace). Everything a client sees must be the same (diagnostics,
hovers at every recorded expression, inlay hints, rewrites, modules used).
"""

from __future__ import annotations

import random
from pathlib import Path

from tensorls.analyses import AnalysisResult, analyse
from tensorls.analyses.incremental import DocumentCache
from tensorls.analyses.text import SourceText
from tensorls.analyses.workspace import ModuleSearch, Workspace

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
