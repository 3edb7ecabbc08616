"""Checkpoints of the module body: re-analysis from the first changed top-level statement gives
exactly the from-scratch result, and uses the checkpoints.

Scripted edits of module-level scripts (typed at the end, Enter in the middle, lines deleted,
a statement changed in the middle) and edits of what a checkpoint depends on outside the document
(an imported project module's text, a module appearing on the search path, the search path
itself, an attribute store of an imported module added at the end of the document, the settings).
After every edit the analysis with the document's ``DocumentCache`` must expose exactly what an
analysis from scratch (a new cache and a new workspace with empty summary caches) exposes:
diagnostics, hovers at every recorded expression, inlay hints, rewrite offers, modules used.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from tensorls.analyses import AnalysisResult, AnalysisSettings, analyse
from tensorls.analyses.incremental import DocumentCache
from tensorls.analyses.interpreter import interpret
from tensorls.analyses.interpreter.incremental.checkpoints import Checkpoints
from tensorls.analyses.text import SourceText
from tensorls.analyses.workspace import ModuleSearch, Workspace

from .incremental_fuzz import MODULE_SCRIPTS, exposed, hover_probes

SETTINGS = AnalysisSettings(time_budget_ms=600_000)
ROOT = "/project"
SCRIPT = f"{ROOT}/main.py"


class Project:
    """Module texts in memory, the document's cache, and a workspace kept across analyses (like
    the server's: its module summaries survive from one analysis to the next)."""

    def __init__(self, files: dict[str, str], roots: tuple[str, ...] = ()) -> None:
        self.files = {f"{ROOT}/{name}": text for name, text in files.items()}
        self.roots = roots
        self.cache = DocumentCache()
        self.workspace = self._workspace()

    def _workspace(self) -> Workspace:
        return Workspace(ModuleSearch(self.roots, self.files.get))

    def search_roots(self, roots: tuple[str, ...]) -> None:
        """Change the search path (``extraPaths``): a new workspace, the same document cache."""
        self.roots = roots
        self.workspace = self._workspace()

    def check(
        self, text: str | None = None, settings: AnalysisSettings = SETTINGS
    ) -> AnalysisResult:
        """Analyse the script with the cache and from scratch; assert both expose the same."""
        if text is not None:
            self.files[SCRIPT] = text
        source = self.files[SCRIPT]
        cached = analyse(source, settings, cache=self.cache, workspace=self.workspace, path=SCRIPT)
        fresh = analyse(source, settings, workspace=self._workspace(), path=SCRIPT)
        text_lines = SourceText(source)
        probes = hover_probes(cached, text_lines) | hover_probes(fresh, text_lines)
        lines = len(text_lines.lines)
        assert exposed(cached, probes, lines) == exposed(fresh, probes, lines)
        assert cached.modules == fresh.modules
        return cached


def statements(text: str) -> int:
    return len(ast.parse(text).body)


def statement_index(text: str, starts_with: str) -> int:
    """The index of the first top-level statement whose source line starts with ``starts_with``."""
    lines = text.split("\n")
    for index, statement in enumerate(ast.parse(text).body):
        if lines[statement.lineno - 1].startswith(starts_with):
            return index
    raise AssertionError(starts_with)


def edit_line(text: str, starts_with: str, change: Callable[[str], str]) -> str:
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith(starts_with))
    lines[index] = change(lines[index])
    return "\n".join(lines)


# ------------------------------------------------------------------- edits inside the document


def test_typing_at_the_end_runs_only_the_new_statement() -> None:
    text = MODULE_SCRIPTS["module_level_training"]
    project = Project({"main.py": text})
    project.check()
    for typed in ("z = scores", "z = scores @ w1", "z = scores.T @ w1", "print(z.shape)"):
        text = text + typed + "\n"
        project.check(text)
        assert project.cache.checkpoints.restored == statements(text) - 1


def test_a_failure_typed_at_the_end_is_reported_and_then_removed() -> None:
    text = MODULE_SCRIPTS["module_level_training"]
    project = Project({"main.py": text})
    project.check()
    failing = project.check(text + "bad = scores @ x\n")
    assert [d.code for d in failing.diagnostics] == ["shape-matmul"]
    assert project.cache.checkpoints.restored == statements(text)
    fixed = project.check(text + "ok = scores.T @ x\n")
    assert fixed.diagnostics == ()


def test_enter_and_deleted_lines_in_the_middle_keep_what_only_moved() -> None:
    """Lines that only moved keep their checkpoints (their spans follow their nodes); a changed
    statement re-runs from there."""
    text = MODULE_SCRIPTS["module_level_training"]
    project = Project({"main.py": text})
    project.check()
    enter = text.replace("best = min(", "\nbest = min(")
    project.check(enter)
    assert project.cache.checkpoints.restored == statements(text)
    back = project.check(text)
    assert back.diagnostics == ()
    assert project.cache.checkpoints.restored == statements(text)
    deleted = text.replace("    history['loss'].append(loss)\n", "")
    project.check(deleted)
    assert project.cache.checkpoints.restored == statement_index(text, "for epoch")


def test_a_changed_statement_in_the_middle_reruns_what_follows() -> None:
    text = MODULE_SCRIPTS["module_level_state"]
    project = Project({"main.py": text})
    project.check()
    for edited in (
        edit_line(text, "total = 0", lambda _: "total = 1"),
        edit_line(text, "for i in range(4)", lambda line: line.replace("4", "2")),
        edit_line(text, "if total > 3", lambda line: line.replace("3", "30")),
        text.replace("meter = Meter()\n", ""),
    ):
        project.check(edited)
        project.check(text)


def test_a_guard_left_by_an_earlier_statement_still_applies_after_restoring() -> None:
    """A module-level ``if`` with an unknown test and an arm that certainly raises guards the rest
    of the module, including the functions analysed afterwards with unknown arguments: possible
    failures there stay possible after the statements are restored."""
    text = (
        "import sys\n"
        "\n"
        "def f(xs):\n"
        "    for x in xs:\n"
        "        if x == 2:\n"
        '            1 + "a"\n'
        "    return 0\n"
        "\n"
        "if sys.argv:\n"
        "    f(L)\n"
    )
    project = Project({"main.py": text})
    settings = AnalysisSettings(mode="possible", time_budget_ms=600_000)
    project.check(settings=settings)
    again = project.check(settings=settings)
    assert project.cache.checkpoints.restored == statements(text)
    assert {d.code: d.severity.name for d in again.diagnostics} == {
        "type-error": "WARNING",
        "name-error": "ERROR",
    }


def test_module_wide_facts_added_at_the_end() -> None:
    """A ``global`` declaration typed at the end changes what module variables mean only to the
    functions analysed after the body (which run again): the statements before it are restored.
    Writing through ``globals()`` with a computed key makes the whole module dynamic: nothing is
    restored. Reading through it, or writing a name the module binds anyway, changes nothing
    before it."""
    text = "import numpy as np\n\nn = 3\nx = np.ones((n, 2))\n\ndef grow():\n    return n\n"
    project = Project({"main.py": text})
    project.check()
    rebinding = text + "\ndef reset():\n    global n\n    n = 'a'\n"
    project.check(rebinding)
    assert project.cache.checkpoints.restored == statements(text)
    project.check(rebinding + "print(globals()['x'])\nglobals()['x'] = 1\n")
    assert project.cache.checkpoints.restored == statements(rebinding)
    project.check(rebinding + "globals()['x' + str(n)] = 1\n")
    assert project.cache.checkpoints.restored == 0


def test_other_settings_do_not_use_the_checkpoints() -> None:
    text = MODULE_SCRIPTS["module_level_state"]
    project = Project({"main.py": text})
    project.check()
    project.check(settings=AnalysisSettings(mode="possible", time_budget_ms=600_000))
    assert project.cache.checkpoints.restored == 0
    project.check(settings=AnalysisSettings(mode="possible", time_budget_ms=600_000))
    assert project.cache.checkpoints.restored == statements(text)


# ----------------------------------------------------------------- inputs outside the document

MAIN = (
    "import numpy as np\nx = np.ones((3, 4))\nfrom model import W\ny = x @ W\nz = y.sum(axis=0)\n"
)
MODEL = "import numpy as np\nimport config\nW = np.zeros((config.HIDDEN, 2))\n"


def test_an_edit_of_an_imported_module_reruns_from_the_import() -> None:
    project = Project({"config.py": "HIDDEN = 4\n", "model.py": MODEL, "main.py": MAIN})
    first = project.check()
    assert first.diagnostics == ()
    project.check()
    assert project.cache.checkpoints.restored == statements(MAIN)
    project.files[f"{ROOT}/config.py"] = "HIDDEN = 5\n"
    failing = project.check()
    assert [d.code for d in failing.diagnostics] == ["shape-matmul"]
    assert project.cache.checkpoints.restored == statement_index(MAIN, "from model")
    project.files[f"{ROOT}/model.py"] = MODEL.replace("config.HIDDEN", "4")
    assert project.check().diagnostics == ()
    assert project.cache.checkpoints.restored == statement_index(MAIN, "from model")
    appended = MAIN + "w = W.T\n"
    project.check(appended)
    assert project.cache.checkpoints.restored == statements(MAIN)


def test_a_module_appearing_or_disappearing_on_the_search_path() -> None:
    project = Project({"main.py": MAIN})
    project.check()
    project.files[f"{ROOT}/model.py"] = "import numpy as np\nW = np.zeros((5, 2))\n"
    failing = project.check()
    assert [d.code for d in failing.diagnostics] == ["shape-matmul"]
    assert project.cache.checkpoints.restored == statement_index(MAIN, "from model")
    del project.files[f"{ROOT}/model.py"]
    assert project.check().diagnostics == ()


def test_a_changed_search_path_reruns_everything() -> None:
    """``extraPaths``: the same import resolves to another folder's module."""
    project = Project(
        {"a/model.py": "W = 1\n", "b/model.py": "import numpy as np\nW = np.zeros((5, 2))\n"},
        roots=(f"{ROOT}/a",),
    )
    project.check(MAIN)
    project.check()
    assert project.cache.checkpoints.restored == statements(MAIN)
    project.search_roots((f"{ROOT}/b",))
    failing = project.check()
    assert [d.code for d in failing.diagnostics] == ["shape-matmul"]
    assert project.cache.checkpoints.restored == 0


def test_an_attribute_store_typed_at_the_end_changes_only_what_follows() -> None:
    """``model.W = ...`` rebinds the module's variable from there on (one heap): the statements
    before it keep their results (not their checkpoints: a new attribute name stored is a
    module-wide fact)."""
    text = MAIN.replace("from model import W", "import model\nfrom model import W")
    project = Project({"config.py": "HIDDEN = 5\n", "model.py": MODEL, "main.py": text})
    assert [d.code for d in project.check().diagnostics] == ["shape-matmul"]
    stored = project.check(text + "model.W = np.zeros((4, 2))\nv = x @ model.W\n")
    assert [d.code for d in stored.diagnostics] == ["shape-matmul"]
    broken = project.check(text + "model.W = np.zeros((5, 2))\nv = x @ model.W\n")
    assert [d.code for d in broken.diagnostics] == ["shape-matmul", "shape-matmul"]


def test_a_module_imported_inside_a_function_called_at_module_level() -> None:
    text = (
        "import numpy as np\n"
        "\n"
        "def weights():\n"
        "    import model\n"
        "    return model.W\n"
        "\n"
        "x = np.ones((3, 4))\n"
        "y = x @ weights()\n"
    )
    project = Project({"config.py": "HIDDEN = 4\n", "model.py": MODEL, "main.py": text})
    assert project.check().diagnostics == ()
    project.files[f"{ROOT}/config.py"] = "HIDDEN = 5\n"
    assert [d.code for d in project.check().diagnostics] == ["shape-matmul"]
    project.files[f"{ROOT}/config.py"] = "HIDDEN = 4\n"
    assert project.check().diagnostics == ()


def test_a_statement_that_certainly_raises_ends_the_run_with_a_checkpoint() -> None:
    """The store after it is unreachable: its checkpoint keeps the last reachable store for the
    functions analysed after the body (``interpret`` directly: the pipeline would turn an
    internal failure into an empty result on both sides of the comparison)."""
    for text in (
        'import numpy as np\nx = np.ones((2, 3))\ny = 1 + "a"\nz = x @ x\n',
        "import numpy as np\nx = np.ones((2, 3))\nz = x @ x\n",
        'x = 1\nif x:\n    y = 1 + "a"\n\ndef f():\n    return x\n',
    ):
        cache = Checkpoints()
        first = interpret(ast.parse(text), SETTINGS, SourceText(text), checkpoints=cache)
        assert first.diagnostics and not first.internal_errors
        project = Project({"main.py": text})
        project.check()
        again = project.check(text + "w = 2\n")
        assert again.diagnostics == first.diagnostics
