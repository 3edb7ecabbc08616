"""Runs programs whole and split under a real framework, to check that splitting keeps semantics.

Run by a framework's interpreter (``python split_runner.py``): reads a JSON list of ``{"id",
"original", "main", "defs"}`` on standard input and prints ``{id: {"original": OUTCOME, "again":
OUTCOME, "split": OUTCOME}}``. The original runs twice (what differs between the two runs is the
program's own nondeterminism: unseeded generators, temporary names, timings) as ``main.py`` in a
folder of its own, the split as ``main.py`` beside its ``defs.py`` (each run in its folder, which
is also the working directory, so the files a program writes stay there; that folder first on
``sys.path``, ``defs`` dropped from ``sys.modules`` before and after), both with ``runpy`` as
``__main__``, in this one process (importing a framework costs seconds), after seeding Python's,
NumPy's, PyTorch's and TensorFlow's random generators (the frameworks the environment has are
imported first) and clearing Keras's session (layer names count up per session).

An OUTCOME is ``{"stdout", "error", "globals"}``: the printed text (memory addresses, the run's
folder and the module name ``defs`` written neutrally, here and in the names' values), the
exception that ended the run (type, message and its innermost line in ``main.py`` or ``defs.py``,
the two share line numbers) or None, and a fingerprint of the main module's final names (arrays and
tensors by type, shape, dtype and sum; numbers, strings and None by value; containers by their
first items; functions and classes by name; other objects by type name).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import random
import re
import runpy
import sys
import tempfile
import traceback
import warnings
from pathlib import Path

MAX_ITEMS = 20
MAX_DEPTH = 3
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
DEFS_NAME = re.compile(r"\bdefs\b")


def _import_frameworks() -> None:
    """Import the frameworks the environment has, so that the first run is seeded too."""
    for name in ("numpy", "torch", "tensorflow"):
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


def _seed() -> None:
    random.seed(0)
    modules = sys.modules
    if "numpy" in modules:
        modules["numpy"].random.seed(0)
    if "torch" in modules:
        modules["torch"].manual_seed(0)
    if "tensorflow" in modules:
        modules["tensorflow"].random.set_seed(0)
        modules["tensorflow"].keras.backend.clear_session()


def _number(value: float) -> str:
    return f"{value:.6g}"


def fingerprint(value: object, depth: int = 0) -> object:
    """A JSON description of ``value`` that two equivalent runs share (see the module doc)."""
    if value is None or isinstance(value, (bool, int, str)):
        return repr(value)
    if isinstance(value, float):
        return _number(value)
    kind = type(value).__name__
    if isinstance(value, type):
        return ["class", value.__qualname__]
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        return _array_fingerprint(kind, value)
    if depth >= MAX_DEPTH:
        return kind
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value
        return [
            kind,
            len(value),
            [fingerprint(item, depth + 1) for item in list(items)[:MAX_ITEMS]],
        ]
    if isinstance(value, dict):
        return [
            kind,
            len(value),
            [
                [repr(key), fingerprint(item, depth + 1)]
                for key, item in list(value.items())[:MAX_ITEMS]
            ],
        ]
    if callable(value) and hasattr(value, "__qualname__"):
        return ["callable", value.__qualname__]
    return ["object", kind]


def _array_fingerprint(kind: str, value: object) -> object:
    try:
        shape = str(tuple(value.shape))  # type: ignore[attr-defined]
    except Exception:
        shape = repr(value.shape)  # type: ignore[attr-defined]
    total = None
    with contextlib.suppress(Exception), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        total = _number(float(value.sum()))  # type: ignore[attr-defined]
    return [kind, shape, str(value.dtype), total]  # type: ignore[attr-defined]


def _normal(text: str, folder: str) -> str:
    return DEFS_NAME.sub("__main__", ADDRESS.sub("0x?", text.replace(folder, "<folder>")))


def _run(folder: str, files: dict[str, str]) -> dict[str, object]:
    for name, text in files.items():
        Path(folder, name).write_text(text, encoding="utf-8")
    sys.path.insert(0, folder)
    sys.modules.pop("defs", None)
    working = os.getcwd()
    os.chdir(folder)
    output = io.StringIO()
    error = None
    namespace: dict[str, object] = {}
    _seed()
    try:
        with contextlib.redirect_stdout(output):
            namespace = runpy.run_path(os.path.join(folder, "main.py"), run_name="__main__")
    except BaseException as exception:
        frames = [
            frame
            for frame in traceback.extract_tb(exception.__traceback__)
            if frame.filename.startswith(folder)
        ]
        line = frames[-1].lineno if frames else None
        error = [type(exception).__name__, _normal(str(exception), folder), line]
    finally:
        os.chdir(working)
        sys.path.remove(folder)
        sys.modules.pop("defs", None)
    names = {
        name: fingerprint(value)
        for name, value in sorted(namespace.items())
        if not name.startswith("__") and type(value).__name__ != "module"
    }
    return {
        "stdout": _normal(output.getvalue(), folder),
        "error": error,
        "globals": json.loads(_normal(json.dumps(names), folder)),
    }


def main() -> None:
    requests = json.load(sys.stdin)
    _import_frameworks()
    outcomes = {}
    for request in requests:
        with tempfile.TemporaryDirectory() as whole, tempfile.TemporaryDirectory() as divided:
            outcomes[request["id"]] = {
                "original": _run(whole, {"main.py": request["original"]}),
                "again": _run(whole, {"main.py": request["original"]}),
                "split": _run(divided, {"main.py": request["main"], "defs.py": request["defs"]}),
            }
    json.dump(outcomes, sys.stdout)


if __name__ == "__main__":
    main()
