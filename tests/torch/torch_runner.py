"""Run oracle cases under real PyTorch (executed by the torch environment's Python).

Reads a JSON list of ``{"id", "source"}`` from stdin; runs each source in a fresh namespace; prints
one JSON object mapping each id to its outcome: ``{"error": type, "message": text, "line": n}``
when it raised (``line`` is the case's own line that raised), else ``{"result": description,
"warnings": messages}``: the description of the variable ``result`` (a tensor's or array's shape
and dtype name, a tuple of such descriptions, or the ``repr`` of another Python value) and the
messages of the ``UserWarning`` s the case raised.
"""

from __future__ import annotations

import json
import sys
import traceback
import warnings

import numpy as np
import torch

warnings.simplefilter("ignore")


def describe(value: object) -> object:
    if isinstance(value, torch.Tensor):
        return {"shape": list(value.shape), "dtype": str(value.dtype).removeprefix("torch.")}
    if isinstance(value, np.ndarray):
        return {"shape": list(value.shape), "dtype": value.dtype.name, "numpy": True}
    if isinstance(value, tuple) and not isinstance(value, torch.Size):
        return {"items": [describe(item) for item in value]}
    if isinstance(value, list) and value and all(isinstance(i, torch.Tensor) for i in value):
        return {"items": [describe(item) for item in value]}
    return {"repr": repr(value)}


def run(case_id: str, source: str) -> dict[str, object]:
    name = f"<case {case_id}>"
    namespace: dict[str, object] = {"__name__": "__main__"}
    torch.manual_seed(0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", UserWarning)
        try:
            exec(compile(source, name, "exec"), namespace)
        except Exception as error:
            frames = [
                frame
                for frame in traceback.extract_tb(error.__traceback__)
                if frame.filename == name
            ]
            line = frames[-1].lineno if frames else 0
            return {"error": type(error).__name__, "message": str(error), "line": line}
    said = [str(item.message) for item in caught if issubclass(item.category, UserWarning)]
    return {"result": describe(namespace.get("result")), "warnings": said}


def main() -> None:
    cases = json.load(sys.stdin)
    outcomes = {case["id"]: run(case["id"], case["source"]) for case in cases}
    json.dump(outcomes, sys.stdout)


if __name__ == "__main__":
    main()
