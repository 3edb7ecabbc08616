"""The tracer itself: instrumentation must not change what a program does, and must record the
values CPython computes at the original nodes' positions."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from . import tracer
from .harness import Worker, corpus_files
from .instrument import instrument, node_key
from .programs import programs


def _trace(source: str) -> tuple[tracer.Trace, dict[str, list[object]]]:
    """Run ``source`` in-process; return the trace and the values recorded per source segment."""
    instrumented = instrument(source)
    trace = tracer.run(instrumented)
    by_text: dict[str, list[object]] = {}
    for key, values in trace.points.items():
        text = instrumented.points[key].text
        by_text.setdefault(text, []).extend(values.values())
    return trace, by_text


def test_binding_snapshot_is_taken_before_later_mutation() -> None:
    trace, values = _trace("a = []\na.append(1)\nb = a\n")
    assert trace.completed
    instrumented = instrument("a = []\na.append(1)\nb = a\n")
    first_a = (1, 0, 1, 1)
    assert instrumented.points[first_a].kind == "binding"
    assert trace.points[first_a].values() == [[]]
    assert values["b"] == [[1]]


def test_chained_comparison_middle_operand_is_evaluated_once() -> None:
    source = "calls = []\ndef f():\n    calls.append(1)\n    return 2\nok = 1 < f() < 3\nn = len(calls)\n"
    trace, values = _trace(source)
    assert trace.completed
    assert values["ok"] == [True]
    assert values["n"] == [1]


def test_short_circuit_is_preserved() -> None:
    source = "def boom():\n    raise ValueError\nx = 0 and boom()\ny = 1 or boom()\n"
    trace, values = _trace(source)
    assert trace.completed
    assert values["x"] == [0]
    assert values["y"] == [1]
    assert "boom()" not in values


def test_keys_are_the_original_positions() -> None:
    source = "total = (1 + 2) * len('ab')\n"
    instrumented = instrument(source)
    original = ast.parse(source)
    expected = {node_key(node) for node in ast.walk(original) if isinstance(node, ast.expr)}
    assert set(instrumented.points) == expected


def test_unwrappable_positions_are_left_alone() -> None:
    source = (
        '"""doc"""\n'
        "import numpy as np\n"
        "def f(x: int = 1) -> int:\n"
        '    """doc"""\n'
        "    return x\n"
        "a = np.zeros((3, 4))[1:, ::2]\n"
        "b = a[0:1, 1]\n"
        "first, *rest = [1, 2, 3]\n"
        "s = f'{first!r:>{f()}}'\n"
        "match rest:\n"
        "    case [2, y] if y > 1:\n"
        "        z = y\n"
        "print(*rest, f.__doc__, z, s, b.shape)\n"
    )
    trace, values = _trace(source)
    assert trace.completed, trace.exception
    assert trace.output == "2 3 doc 3 1 (1,)\n"
    assert values["rest"] == [[2, 3]] * 3


def test_values_that_cannot_be_copied_are_kept_and_counted() -> None:
    trace, values = _trace("def g():\n    yield 1\nit = g()\nfirst = next(it)\n")
    assert trace.completed
    assert trace.by_reference >= 1
    assert values["first"] == [1]


def test_snapshots_run_no_program_code() -> None:
    source = (
        "class Loud:\n"
        "    def __init__(self):\n"
        "        self.items = [1]\n"
        "    def __getattribute__(self, name):\n"
        "        return object.__getattribute__(self, name)\n"
        "    def __repr__(self):\n"
        "        return 'Loud'\n"
        "    def __new__(cls):\n"
        "        cls.created = getattr(cls, 'created', 0) + 1\n"
        "        return super().__new__(cls)\n"
        "loud = Loud()\n"
        "loud.items.append(2)\n"
        "count = Loud.created\n"
    )
    trace, values = _trace(source)
    assert trace.completed, trace.exception
    assert values["count"] == [1]
    first_binding = trace.points[(11, 0, 11, 4)].values()[0]
    assert type(first_binding).__name__ == "Loud"
    assert object.__getattribute__(first_binding, "items") == [1]


def test_loop_values_are_bounded_and_the_rest_counted() -> None:
    trace, values = _trace("for i in range(100):\n    pass\n")
    assert trace.completed
    kept = values["i"]
    assert len(kept) == tracer.KEEP_FIRST + tracer.KEEP_LAST
    assert kept[-1] == 99
    assert trace.dropped == 100 - len(kept)


@pytest.mark.parametrize("path", corpus_files(), ids=lambda path: path.name)
def test_instrumented_corpus_program_behaves_like_the_original(worker: Worker, path: Path) -> None:
    answer = worker.trace(path.name, path.read_text(encoding="utf-8"))
    assert "harness_error" not in answer, answer.get("harness_error")
    assert "timeout" not in answer
    assert answer["plain_exception"] is None, "corpus programs must run to completion"
    assert answer["completed"], answer["exception"]
    assert answer["output"] == answer["plain_output"]
    assert answer["points_reached"] > 0


@settings(
    max_examples=30,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(source=programs())
def test_generated_programs_terminate_and_trace_faithfully(worker: Worker, source: str) -> None:
    answer = worker.trace("<generated>", source, timeout=30.0)
    assert "timeout" not in answer, source
    assert answer["plain_exception"] is None, source
    assert answer["completed"], answer["exception"]
    assert answer["output"] == answer["plain_output"]
