"""Run programs for real (executed by the Python of the framework they use).

Reads a JSON list of ``{"id", "source"}`` or ``{"id", "cells"}`` from stdin. A ``source`` runs as
a script (``__name__ == "__main__"``); ``cells`` run one after another in one namespace, each
first transformed by IPython as a notebook kernel does (``TransformerManager.transform_cell``).
Prints one JSON object mapping each id to its outcome: ``{"error": type, "message": text,
"line": n}`` when it raised (``line`` is the program's own innermost line that raised; for cells,
the line of the transformed cell, with ``"cell"`` its 0-based index), else ``{}``. What the
programs print is discarded.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import traceback


def _failure(error: Exception, name: str) -> dict[str, object]:
    frames = [
        frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == name
    ]
    line = frames[-1].lineno if frames else 0
    return {"error": type(error).__name__, "message": str(error), "line": line}


def run(case: dict[str, object]) -> dict[str, object]:
    namespace: dict[str, object] = {"__name__": "__main__"}
    if "source" in case:
        name = f"<program {case['id']}>"
        try:
            exec(compile(str(case["source"]), name, "exec"), namespace)
        except Exception as error:
            return _failure(error, name)
        return {}
    from IPython.core.inputtransformer2 import TransformerManager

    transformer = TransformerManager()
    cells = case["cells"]
    assert isinstance(cells, list)
    for index, cell in enumerate(cells):
        name = f"<program {case['id']} cell {index}>"
        try:
            exec(compile(transformer.transform_cell(cell), name, "exec"), namespace)
        except Exception as error:
            return {**_failure(error, name), "cell": index}
    return {}


def main() -> None:
    cases = json.load(sys.stdin)
    with contextlib.redirect_stdout(io.StringIO()):
        outcomes = {case["id"]: run(case) for case in cases}
    json.dump(outcomes, sys.stdout)


if __name__ == "__main__":
    main()
