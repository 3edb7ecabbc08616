"""The real frameworks' ground truth, cached by content hash beside the cached environments.

Running a program under real TensorFlow, PyTorch or Horovod costs seconds to minutes; its outcome
depends only on the program, the runner that executes it and the environment it runs in. So an
outcome is stored under ``${TENSORLS_CACHE_DIR:-~/.cache/tensorls}/ground-truth/`` by the SHA-256
of all three, and the same real execution never runs twice: a CI run on a machine that has the
environments re-runs only the programs that changed.

The environment's identity is its build marker (``.tensorls-build-complete``, written by
``scripts/cached-env.sh`` with the pinned build specification) and its interpreter's path: a
rebuilt or differently pinned environment misses every entry. Only outcomes of harness runs that
completed are stored (a runner that crashed stores nothing), and every entry a failing test read
or wrote is dropped when it fails (``tests/conftest.py``), so a run spoiled by a loaded machine is
never kept: the test's next run executes afresh. Set ``TENSORLS_GROUND_TRUTH_CACHE=off`` to run
everything afresh (entries are then rewritten).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

MARKER_NAME = ".tensorls-build-complete"
_used: list[Path] = []
"""The entries read or written since ``forget_used`` last ran (the current test's)."""


def cache_root() -> Path:
    """The cache folder (shared with the environments' cache)."""
    configured = os.environ.get("TENSORLS_CACHE_DIR")
    base = Path(configured) if configured else Path.home() / ".cache" / "tensorls"
    return base / "ground-truth"


def enabled() -> bool:
    """False when ``TENSORLS_GROUND_TRUTH_CACHE=off`` asks for fresh runs."""
    return os.environ.get("TENSORLS_GROUND_TRUTH_CACHE", "").lower() != "off"


def environment_identity(python: Path) -> str:
    """What identifies the environment of ``python``: its path and its build marker's content
    (empty when it has none, e.g. the test virtualenv itself)."""
    marker = python.parent.parent / MARKER_NAME
    built = marker.read_text(encoding="utf-8") if marker.is_file() else ""
    return f"{python}\n{built}"


class GroundTruth:
    """Outcomes (JSON values) of one kind of real execution, keyed by content.

    ``kind`` names the execution (e.g. ``"tensorflow-oracle"``); ``identity`` is everything the
    outcome depends on besides the per-program parts given to ``key`` (runner source and
    environment identity).
    """

    def __init__(self, kind: str, identity: str) -> None:
        self._folder = cache_root() / kind
        self._identity = identity

    def key(self, *parts: str) -> str:
        """The content hash of this execution's identity and ``parts``."""
        digest = hashlib.sha256(self._identity.encode())
        for part in parts:
            digest.update(b"\0")
            digest.update(part.encode())
        return digest.hexdigest()

    def get(self, key: str) -> object | None:
        """The stored outcome under ``key``, or None (also when caching is off or the entry is
        unreadable)."""
        if not enabled():
            return None
        path = self._folder / f"{key}.json"
        try:
            outcome = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        _used.append(path)
        return outcome

    def put(self, key: str, outcome: object) -> None:
        """Store ``outcome`` under ``key`` atomically (concurrent test workers may write the same
        entry; the last rename wins with identical content)."""
        self._folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self._folder, suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(outcome, stream)
        os.replace(temporary, self._folder / f"{key}.json")
        _used.append(self._folder / f"{key}.json")


def forget_used(*, drop: bool) -> None:
    """End the current test's record of used entries; with ``drop``, delete those entries."""
    while _used:
        path = _used.pop()
        if drop:
            path.unlink(missing_ok=True)


def program_parts(script: Path) -> list[str]:
    """What a script run depends on in its folder: its own source and that of each sibling
    module whose name it mentions (helpers it may import), by relative name. Absolute paths are
    left out so that a clone in another folder reuses the outcomes."""
    source = script.read_text(encoding="utf-8")
    parts = [script.name, source]
    for sibling in sorted(script.parent.glob("*.py")):
        if sibling != script and sibling.stem in source:
            parts += [sibling.name, sibling.read_text(encoding="utf-8")]
    return parts


def runner_identity(runner: Path, python: Path, environment: dict[str, str]) -> str:
    """The identity of executions by ``runner`` under ``python`` with the variables
    ``environment`` adds: the runner's source, the environment's identity and those variables."""
    return "\n".join(
        (
            runner.read_text(encoding="utf-8"),
            environment_identity(python),
            json.dumps(sorted(environment.items())),
        )
    )
