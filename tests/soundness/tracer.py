"""Run an instrumented program under CPython and keep snapshots of the values it computes.

The tracer executes the tree built by ``instrument`` in a fresh module namespace. Each recorded
value is snapshotted at the moment it is computed, so later mutation (``a.append(1)`` after
``a = []``) does not change what was recorded. Snapshots never run the program's own code (no
``copy.deepcopy``, which would call user ``__new__``/``__reduce__``/``__getattribute__`` and could
recurse into the recorder or change the program's state): lists, tuples, dicts and sets are
rebuilt recursively, NumPy arrays copied, instances of user classes with a plain ``__dict__``
recreated with ``object.__new__`` and a snapshot of that dict; anything else (functions, classes,
modules, generators, exceptions, instances of builtin subclasses or of slotted classes, ...) is
kept by reference and counted in ``Trace.by_reference``. Records made while a snapshot is being
taken (through dict-key hashing, say) are ignored. Per point at most ``KEEP_FIRST`` distinct values
from the start of the run and the ``KEEP_LAST`` most recent ones are kept (loops can produce
thousands); values beyond that are counted in ``Trace.dropped``, never silently lost.
"""

from __future__ import annotations

import contextlib
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
    by_reference: int = 0
    dropped: int = 0
    events: int = 0
    output: str = ""


_SCALARS = (bool, int, float, complex, str, bytes, type(None))


def _snapshot(value: object, trace: Trace, memo: dict[int, object] | None = None) -> object:
    """A copy of ``value`` taken without running any of the program's code (see the docstring)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    memo = {} if memo is None else memo
    if id(value) in memo:
        return memo[id(value)]
    if kind is list:
        items: list[object] = []
        memo[id(value)] = items
        items.extend(_snapshot(item, trace, memo) for item in value)  # type: ignore[attr-defined]
        return items
    if kind is tuple:
        result = tuple(_snapshot(item, trace, memo) for item in value)  # type: ignore[attr-defined]
        memo[id(value)] = result
        return result
    if kind is dict:
        mapping: dict[object, object] = {}
        memo[id(value)] = mapping
        for key, item in value.items():  # type: ignore[attr-defined]
            mapping[key] = _snapshot(item, trace, memo)
        return mapping
    if kind in (set, frozenset):
        return kind(value)  # type: ignore[call-arg]
    if kind.__module__ == "numpy" and hasattr(value, "copy") and hasattr(value, "shape"):
        return value.copy()  # type: ignore[attr-defined]
    if kind.__module__ != "builtins" and not isinstance(value, BaseException):
        try:
            state = object.__getattribute__(value, "__dict__")
            replica = object.__new__(kind)
        except (AttributeError, TypeError):
            trace.by_reference += 1
            return value
        memo[id(value)] = replica
        object.__getattribute__(replica, "__dict__").update(
            {name: _snapshot(item, trace, memo) for name, item in dict(state).items()}
        )
        return replica
    trace.by_reference += 1
    return value


def _signature(value: object) -> object | None:
    """A cheap identity for de-duplicating scalar snapshots; None (no de-duplication) otherwise.

    Never calls ``repr`` or ``__eq__`` of the program's objects, which could run its code.
    """
    kind = type(value)
    if kind in _SCALARS:
        return (kind, value)
    return None


def run(instrumented: Instrumented, filename: str = "<corpus>") -> Trace:
    """Execute ``instrumented`` and return its trace. Never raises for exceptions of the program."""
    trace = Trace()

    snapshotting = False

    def snapshot(value: object) -> object:
        nonlocal snapshotting
        snapshotting = True
        try:
            return _snapshot(value, trace)
        finally:
            snapshotting = False

    def record(key: Key, value: object) -> object:
        if snapshotting:
            return value
        trace.events += 1
        values = trace.points.get(key)
        if values is None:
            values = trace.points[key] = PointValues()
        signature = _signature(value)
        if signature is not None and signature in values.signatures:
            return value
        if len(values.first) < KEEP_FIRST:
            if signature is not None:
                values.signatures.add(signature)
            values.first.append(snapshot(value))
            return value
        if len(values.last) == KEEP_LAST:
            values.dropped += 1
            trace.dropped += 1
        values.last.append(snapshot(value))
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
