"""Run an instrumented program under CPython and keep snapshots of the values it computes.

The tracer executes the tree built by ``instrument`` in a fresh module namespace. Each recorded
value is snapshotted with ``copy.deepcopy`` at the moment it is computed, so later mutation
(``a.append(1)`` after ``a = []``) does not change what was recorded; a value that cannot be
deep-copied (a generator, a module, a lock) is kept by reference and counted in
``Trace.uncopied``. Per point at most ``KEEP_FIRST`` distinct values from the start of the run and
the ``KEEP_LAST`` most recent ones are kept (loops can produce thousands); values beyond that are
counted in ``Trace.dropped``, never silently lost.
"""

from __future__ import annotations

import contextlib
import copy
import io
from collections import deque
from dataclasses import dataclass, field

from .instrument import RECORDER_NAME, Instrumented, Key

KEEP_FIRST = 24
KEEP_LAST = 8


@dataclass
class PointValues:
    """The distinct snapshots recorded at one point."""

    first: list[object] = field(default_factory=list)
    last: deque[object] = field(default_factory=lambda: deque(maxlen=KEEP_LAST))
    signatures: set[object] = field(default_factory=set)
    dropped: int = 0

    def values(self) -> list[object]:
        return [*self.first, *self.last]


@dataclass
class Trace:
    """What one run recorded and how it ended."""

    points: dict[Key, PointValues] = field(default_factory=dict)
    completed: bool = False
    exception: str | None = None
    uncopied: int = 0
    dropped: int = 0
    events: int = 0
    output: str = ""


def _signature(value: object) -> object:
    """A cheap identity for de-duplicating snapshots: the value itself when hashable and simple."""
    if value is None or isinstance(value, (bool, int, float, str, bytes, complex)):
        return (type(value), value)
    try:
        return (type(value), repr(value)[:2000])
    except Exception:
        return (type(value), id(value))


def _snapshot(value: object, trace: Trace) -> object:
    if value is None or isinstance(value, (bool, int, float, str, bytes, complex)):
        return value
    try:
        return copy.deepcopy(value)
    except Exception:
        trace.uncopied += 1
        return value


def run(instrumented: Instrumented, filename: str = "<corpus>") -> Trace:
    """Execute ``instrumented`` and return its trace. Never raises for exceptions of the program."""
    trace = Trace()

    def record(key: Key, value: object) -> object:
        trace.events += 1
        values = trace.points.get(key)
        if values is None:
            values = trace.points[key] = PointValues()
        signature = _signature(value)
        if signature in values.signatures:
            return value
        if len(values.first) < KEEP_FIRST:
            values.signatures.add(signature)
            values.first.append(_snapshot(value, trace))
            return value
        if len(values.last) == KEEP_LAST:
            values.dropped += 1
            trace.dropped += 1
        values.last.append(_snapshot(value, trace))
        return value

    namespace: dict[str, object] = {"__name__": "__main__", RECORDER_NAME: record}
    code = compile(instrumented.tree, filename, "exec")
    buffer = io.StringIO()
    try:
        with contextlib.redirect_stdout(buffer):
            exec(code, namespace)
    except BaseException as error:
        trace.exception = f"{type(error).__name__}: {error}"[:500]
    else:
        trace.completed = True
    trace.output = buffer.getvalue()[-4000:]
    return trace
