"""Run whole programs under a real framework (executed by that framework's Python).

Reads a JSON list of ``{"id", "source"}`` from stdin; runs each source as a ``__main__`` module in
a fresh namespace; prints one JSON object mapping each id to its outcome: ``{"error": type,
"message": text, "line": n}`` when it raised (``line`` is the program's own innermost line in the
traceback), else ``{"result": text}`` with the ``repr`` of the program's variable ``result``
(``None`` when it sets none). Imports nothing itself: each program imports its framework.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
import warnings

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
warnings.simplefilter("ignore")


def run(program_id: str, source: str) -> dict[str, object]:
    name = f"<program {program_id}>"
    namespace: dict[str, object] = {"__name__": "__main__"}
    try:
        exec(compile(source, name, "exec"), namespace)
    except Exception as error:
        frames = [
            frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == name
        ]
        line = frames[-1].lineno if frames else 0
        return {"error": type(error).__name__, "message": str(error), "line": line}
    return {"result": repr(namespace.get("result"))}


def main() -> None:
    programs = json.load(sys.stdin)
    json.dump({item["id"]: run(item["id"], item["source"]) for item in programs}, sys.stdout)


if __name__ == "__main__":
    main()
