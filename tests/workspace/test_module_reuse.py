"""A project module's body runs once per workspace: later analyses (of the same document after an
edit, or of other documents) replay its summary, and give what running it again would give.

The projects are small NumPy programs of our own in the layout of real training projects (a
``config.py`` of module-level lists read by a ``models.py`` that builds weights from it, as in
pytorch/examples ``mnist/main.py``'s arguments feeding ``Net``; scripts that change a config
value before building the model, as ``word_language_model/main.py`` does with ``args``). Each
script is also run under NumPy (a subprocess of this interpreter) to confirm the failing line and
that the scripts tensorls finds nothing certain in run to their end.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from tensorls.analyses import AnalysisResult, AnalysisSettings, Severity, analyse
from tensorls.analyses.incremental import DocumentCache
from tensorls.analyses.interpreter.modules.import_rules import ImportRules
from tensorls.analyses.text import SourceText
from tensorls.analyses.workspace import ModuleSearch, Workspace

from ..interpreter.incremental_fuzz import exposed, hover_probes

FOLDER = "/project"
SETTINGS = AnalysisSettings(time_budget_ms=600_000)
FILES = {
    "config.py": "SIZES = [3]\nLAYERS = [16]\n",
    "models.py": (
        "import math\n"
        "import numpy as np\n"
        "import config\n"
        "\n"
        "WEIGHTS = np.zeros((config.SIZES[0], 5))\n"
        "\n"
        "def forward(x):\n"
        "    return x @ WEIGHTS\n"
    ),
    "widen.py": (
        "import numpy as np\n"
        "import config\n"
        "\n"
        "config.SIZES[0] = 6\n"
        "import models\n"
        "\n"
        "y = models.forward(np.ones((2, 3)))\n"
    ),
    "grow.py": (
        "import numpy as np\n"
        "import config\n"
        "import models\n"
        "\n"
        "config.LAYERS.append(32)\n"
        "z = np.zeros((2, len(config.LAYERS))) @ np.ones((1, 3))\n"
    ),
    "evaluate.py": (
        "import numpy as np\n"
        "import config\n"
        "import models\n"
        "\n"
        "y = models.forward(np.ones((2, 3)))\n"
        "z = np.zeros((2, len(config.LAYERS))) @ np.ones((1, 3))\n"
    ),
    "predict.py": (
        "import numpy as np\nfrom models import forward\n\np = forward(np.ones((7, 3)))\n"
    ),
    "star.py": "from config import *\n",
    "plain.py": ("import numpy as np\nimport config\nimport star\n\nv = np.zeros(star.SIZES)\n"),
    "extend.py": (
        "import numpy as np\n"
        "import config\n"
        "\n"
        "config.EXTRA = np.zeros((2, 2))\n"
        "import star\n"
        "\n"
        "w = star.EXTRA @ np.ones((3, 3))\n"
    ),
    "cycle_a.py": (
        "import numpy as np\n"
        "X = np.zeros((2, 3))\n"
        "import cycle_b\n"
        "Y = cycle_b.Z @ np.ones((3, 4))\n"
    ),
    "cycle_b.py": "import cycle_a\nZ = cycle_a.X\n",
    "cyclic.py": "import numpy as np\nimport cycle_a\n\nw = cycle_a.Y @ np.ones((5, 1))\n",
}
FAILING_LINE = {
    "widen.py": 7,
    "grow.py": 6,
    "evaluate.py": None,
    "predict.py": None,
    "plain.py": None,
    "extend.py": 7,
    "cyclic.py": 4,
}
"""The line each script fails on under NumPy (None: it runs to its end)."""


def project() -> dict[str, str]:
    return {f"{FOLDER}/{name}": text for name, text in FILES.items()}


@pytest.fixture
def body_runs(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """How many times each module's body ran (not replayed), by file name."""
    runs: Counter[str] = Counter()
    original = ImportRules.run_module_body

    def counted(machine: ImportRules, module: object, name: str | None) -> None:
        runs[Path(module.code.path).name] += 1  # type: ignore[attr-defined]
        original(machine, module, name)  # type: ignore[arg-type]

    monkeypatch.setattr(ImportRules, "run_module_body", counted)
    yield runs


def analysed(files: dict[str, str], name: str, workspace: Workspace) -> AnalysisResult:
    path = f"{FOLDER}/{name}"
    return analyse(files[path], SETTINGS, workspace=workspace, path=path)


def errors(result: AnalysisResult) -> list[tuple[int, str]]:
    return [
        (diagnostic.span.start.line + 1, diagnostic.message)
        for diagnostic in result.diagnostics
        if diagnostic.severity is Severity.ERROR
    ]


def same(shared: AnalysisResult, fresh: AnalysisResult, source: str) -> bool:
    text = SourceText(source)
    probes = hover_probes(shared, text) | hover_probes(fresh, text)
    lines = len(text.lines)
    return shared.modules == fresh.modules and exposed(shared, probes, lines) == exposed(
        fresh, probes, lines
    )


def test_the_scripts_fail_under_numpy_where_expected() -> None:
    runner = (
        "import json, runpy, sys, traceback\n"
        "sys.path.insert(0, sys.argv[2])\n"
        "try:\n"
        "    runpy.run_path(sys.argv[1], run_name='__main__')\n"
        "except Exception as error:\n"
        "    frames = [f for f in traceback.extract_tb(error.__traceback__)"
        " if f.filename == sys.argv[1]]\n"
        "    print(json.dumps(frames[-1].lineno if frames else 0))\n"
        "else:\n"
        "    print(json.dumps(None))\n"
    )
    with tempfile.TemporaryDirectory() as folder:
        for name, text in FILES.items():
            (Path(folder) / name).write_text(text)
        for script, line in FAILING_LINE.items():
            done = subprocess.run(
                [sys.executable, "-c", runner, str(Path(folder) / script), folder],
                capture_output=True,
                text=True,
                timeout=120,
                check=True,
            )
            assert json.loads(done.stdout.strip().splitlines()[-1]) == line, script


def test_a_body_runs_once_across_the_analyses_of_a_workspace(body_runs: Counter[str]) -> None:
    files = project()
    workspace = Workspace(ModuleSearch((), files.get))
    for name in ("evaluate.py", "grow.py", "evaluate.py"):
        analysed(files, name, workspace)
    assert body_runs == {"config.py": 1, "models.py": 1}


def test_a_summary_made_with_an_import_already_loaded_needs_it_loaded(
    body_runs: Counter[str],
) -> None:
    """evaluate.py imports config before models, predict.py only models: models's body read the
    registry entry of config (loaded, or not yet), so each kind of importer has its own summary,
    and each is made once."""
    files = project()
    workspace = Workspace(ModuleSearch((), files.get))
    for name in ("evaluate.py", "predict.py", "evaluate.py", "predict.py"):
        analysed(files, name, workspace)
    assert body_runs == {"config.py": 1, "models.py": 2}


def test_an_edit_of_the_importer_does_not_run_the_module_again(body_runs: Counter[str]) -> None:
    files = project()
    workspace = Workspace(ModuleSearch((), files.get))
    path = f"{FOLDER}/evaluate.py"
    cache = DocumentCache()
    for edit in ("", "\nprint(y)\n", "# a comment\n"):
        text = edit + files[path] if edit.startswith("#") else files[path] + edit
        analyse(text, SETTINGS, cache=cache, workspace=workspace, path=path)
    assert body_runs == {"config.py": 1, "models.py": 1}


def test_a_module_that_read_another_importers_state_runs_again(body_runs: Counter[str]) -> None:
    """widen.py changes ``config.SIZES`` before importing models: models's summary made by
    evaluate.py (config as its body left it) does not hold, and the bug is found."""
    files = project()
    workspace = Workspace(ModuleSearch((), files.get))
    assert errors(analysed(files, "evaluate.py", workspace)) == []
    widened = errors(analysed(files, "widen.py", workspace))
    assert [line for line, _ in widened] == [FAILING_LINE["widen.py"]]
    assert body_runs == {"config.py": 1, "models.py": 2}
    assert errors(analysed(files, "evaluate.py", workspace)) == []
    assert body_runs == {"config.py": 1, "models.py": 2}


def test_an_importers_mutation_of_a_module_list_never_leaks(body_runs: Counter[str]) -> None:
    """grow.py appends to ``config.LAYERS`` (a list made by config's body, replayed from its
    summary); evaluate.py, analysed after it with the same workspace, sees the list as config's
    body made it."""
    files = project()
    workspace = Workspace(ModuleSearch((), files.get))
    for name in ("evaluate.py", "grow.py", "evaluate.py", "grow.py"):
        result = analysed(files, name, workspace)
        expected = FAILING_LINE[name]
        assert [line for line, _ in errors(result)] == ([] if expected is None else [expected])
    assert body_runs == {"config.py": 1, "models.py": 1}


def test_a_star_import_sees_the_names_an_importer_added(body_runs: Counter[str]) -> None:
    """extend.py binds ``config.EXTRA`` before ``import star`` (``from config import *``): star's
    summary made by plain.py, where config had no such name, does not hold."""
    files = project()
    workspace = Workspace(ModuleSearch((), files.get))
    assert errors(analysed(files, "plain.py", workspace)) == []
    extended = errors(analysed(files, "extend.py", workspace))
    assert [line for line, _ in extended] == [FAILING_LINE["extend.py"]]
    assert body_runs == {"config.py": 1, "star.py": 2}


def test_a_body_run_inside_an_import_cycle_is_summarised(body_runs: Counter[str]) -> None:
    """cycle_b reads cycle_a partially initialised (it gets no key); both bodies are still
    summarised and replayed, and the failure is found each time."""
    files = project()
    workspace = Workspace(ModuleSearch((), files.get))
    for _ in range(2):
        found = errors(analysed(files, "cyclic.py", workspace))
        assert [line for line, _ in found] == [FAILING_LINE["cyclic.py"]]
    assert body_runs == {"cycle_a.py": 1, "cycle_b.py": 1}


def test_shared_workspace_equals_a_fresh_one_for_every_script() -> None:
    files = project()
    workspace = Workspace(ModuleSearch((), files.get))
    order = [
        "evaluate.py",
        "widen.py",
        "grow.py",
        "plain.py",
        "extend.py",
        "cyclic.py",
        "cycle_b.py",
        "predict.py",
        "models.py",
        "config.py",
    ]
    for name in order + order[::-1]:
        path = f"{FOLDER}/{name}"
        shared = analysed(files, name, workspace)
        fresh = analysed(files, name, Workspace(ModuleSearch((), files.get)))
        assert same(shared, fresh, files[path]), name


def test_an_edit_of_the_module_runs_it_again(body_runs: Counter[str]) -> None:
    files = project()
    workspace = Workspace(ModuleSearch((), files.get))
    analysed(files, "evaluate.py", workspace)
    files[f"{FOLDER}/models.py"] = files[f"{FOLDER}/models.py"].replace("5))", "4))")
    result = analysed(files, "evaluate.py", workspace)
    fresh = analysed(files, "evaluate.py", Workspace(ModuleSearch((), files.get)))
    assert same(result, fresh, files[f"{FOLDER}/evaluate.py"])
    assert body_runs == {"config.py": 2, "models.py": 3}
