"""Run oracle cases under real TensorFlow (executed by the TensorFlow environment's Python).

Reads a JSON list of ``{"id", "source"}`` from stdin; runs each source in a fresh namespace with
a fresh Keras session; prints one JSON object mapping each id to its outcome: ``{"error": type,
"message": text, "line": n}`` when it raised (``line`` is the case's own line that raised), else
``{"result": description}`` of the variable ``result`` (a tensor's shape and dtype name, a
``TensorShape``'s list, a dataset's or ``TensorSpec``'s element spec (tuples as lists, dicts as
``{"dict": ...}``), or the ``repr`` of a Python value).
"""

from __future__ import annotations

import json
import os
import sys
import traceback

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import tensorflow as tf


def spec(element: object) -> object:
    """A ``tf.data`` element spec: ``{"shape", "dtype"}`` per ``TensorSpec``, lists for tuples."""
    if isinstance(element, tf.TensorSpec):
        shape = element.shape
        return {
            "shape": None if shape.rank is None else shape.as_list(),
            "dtype": element.dtype.name,
        }
    if isinstance(element, tuple):
        return [spec(item) for item in element]
    if isinstance(element, dict):
        return {"dict": {key: spec(item) for key, item in element.items()}}
    return {"repr": repr(element)}


def describe(value: object) -> object:
    if isinstance(value, tf.data.Dataset):
        return {"element_spec": spec(value.element_spec)}
    if isinstance(value, tf.TensorSpec) or (
        isinstance(value, (tuple, dict)) and value and "repr" not in json.dumps(spec(value))
    ):
        return {"element_spec": spec(value)}
    if isinstance(value, tf.TensorShape):
        return {"tensorshape": None if value.rank is None else value.as_list()}
    shape = getattr(value, "shape", None)
    dtype = getattr(value, "dtype", None)
    if isinstance(shape, tf.TensorShape) and dtype is not None:
        return {
            "shape": None if shape.rank is None else shape.as_list(),
            "dtype": getattr(dtype, "name", str(dtype)),
        }
    if shape is not None and dtype is not None:
        return {"shape": list(shape), "dtype": str(dtype)}
    return {"repr": repr(value)}


def run(case_id: str, source: str) -> dict[str, object]:
    name = f"<case {case_id}>"
    namespace: dict[str, object] = {"__name__": "__main__"}
    tf.keras.backend.clear_session()
    try:
        exec(compile(source, name, "exec"), namespace)
    except Exception as error:
        frames = [
            frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == name
        ]
        line = frames[-1].lineno if frames else 0
        return {"error": type(error).__name__, "message": str(error), "line": line}
    return {"result": describe(namespace.get("result"))}


def main() -> None:
    cases = json.load(sys.stdin)
    outcomes = {case["id"]: run(case["id"], case["source"]) for case in cases}
    json.dump(outcomes, sys.stdout)


if __name__ == "__main__":
    main()
