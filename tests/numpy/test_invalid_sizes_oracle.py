"""Invalid sizes against real NumPy (tracker issue 30, item 2): a negative size, one that does not
fit ``npy_intp`` or a byte count too large fails where NumPy fails (the creating call) with its
message, never later with a shape message built from the invalid size. Each program uses the
invalid array on a later line, as the probe's did; each is run under NumPy here."""

from __future__ import annotations

import pytest
from tensorls.analyses import Severity, analyse

from .oracle import run_program

PRELUDE = "import numpy as np\n"

FAILING = {
    "zeros-too-big": "a = np.zeros((2**62, 4))\nb = a + np.ones((3,))\n",
    "zeros-product-too-big": "a = np.zeros((2**40, 2**40))\nb = a + np.ones((3,))\n",
    "empty-too-big-after-a-zero": "a = np.empty((0, 2**62, 4))\nb = a + np.ones((3,))\n",
    "zeros-out-of-range": "a = np.zeros(10**20)\nb = a + np.ones(2)\n",
    "zeros-out-of-range-second": "a = np.zeros((3, 2**63))\nb = a + 1\n",
    "full-out-of-range": "a = np.full((10**20,), 1.0)\nb = a + np.ones(2)\n",
    "identity-too-big": "a = np.identity(2**62)\nb = a + np.ones(2)\n",
    "zeros-negative": "a = np.zeros((-1, 3))\nb = a @ np.ones((2, 2))\n",
    "tile-negative": "x = np.ones((2, 3))\na = np.tile(x, -1)\nb = a @ np.ones((4, 2))\n",
    "tile-negative-second": "x = np.ones((2, 3))\na = np.tile(x, (2, -1))\nb = a + np.ones(4)\n",
    "tile-count-out-of-range-before-a-negative": (
        "x = np.ones((2, 3))\na = np.tile(x, (2**63, -1))\nb = a.T @ a\n"
    ),
    "tile-too-big-before-a-zero": "x = np.ones((2, 3))\na = np.tile(x, (2**62, 5, 0))\nb = a.T @ a\n",
    "broadcast-to-negative": ("x = np.ones((3,))\na = np.broadcast_to(x, (-1, 3))\nb = a.T @ a\n"),
    "broadcast-to-out-of-range": (
        "x = np.ones((2, 3))\na = np.broadcast_to(x, (4, 10**20))\nb = a + 1\n"
    ),
    "reshape-out-of-range": "x = np.ones((6,))\na = x.reshape(10**20, -1)\nb = a + 1\n",
    "ones-like-negative-shape": (
        "x = np.ones((2, 3))\na = np.ones_like(x, shape=(-1, 3))\nb = a + 1\n"
    ),
    "rand-too-big": "a = np.random.rand(2**62, 4)\nb = a + np.ones(3)\n",
    "randint-out-of-range": "a = np.random.randint(0, 4, size=(10**20,))\nb = a + np.ones(3)\n",
}

RUNNING = {
    "zeros-int8-just-fits": "a = np.zeros((2**63 - 1, 0), dtype=np.int8)\nb = a.shape\n",
    "tile-zero": "x = np.ones((2, 3))\na = np.tile(x, 0)\nb = a.shape\n",
    "reshape-inferred": "x = np.ones((6,))\na = x.reshape(-1, 3)\nb = a + np.ones(3)\n",
}


UNMODELLED = {
    "tile-negative-after-a-zero": "x = np.ones((2, 3))\na = np.tile(x, (5, 0, -1))\nb = a.T @ a\n",
    "tile-rows-overflow": "x = np.ones((2, 3))\na = np.tile(x, (2**62 + 1,))\nb = a.T @ a\n",
    "tile-empty-result-out-of-range": (
        "x = np.ones((2, 3))\na = np.tile(x, (1, 0, 2**62 + 1))\nb = a.T @ a\n"
    ),
}
"""NumPy fails at the ``tile`` line with a message tensorls does not model (the final reshape's,
a wrapped-around row count's): tensorls reports nothing, on any line (found by the fuzzer,
``invalid_sizes_fuzz``; an error on the next line was reported for the first)."""


@pytest.mark.parametrize("body", FAILING.values(), ids=FAILING.keys())
def test_the_invalid_size_fails_where_numpy_fails(body: str) -> None:
    source = PRELUDE + body
    failure = run_program(source, "invalid_size")
    assert failure is not None, "NumPy must fail"
    line, message = failure
    errors = [d for d in analyse(source).diagnostics if d.severity is Severity.ERROR]
    assert len(errors) == 1, errors
    (error,) = errors
    assert error.span.start.line + 1 == line
    assert error.message in message, (error.message, message)


@pytest.mark.parametrize("body", RUNNING.values(), ids=RUNNING.keys())
def test_valid_sizes_run_and_are_not_reported(body: str) -> None:
    source = PRELUDE + body
    assert run_program(source, "valid_size") is None
    assert [d for d in analyse(source).diagnostics if d.severity is Severity.ERROR] == []


@pytest.mark.parametrize("body", UNMODELLED.values(), ids=UNMODELLED.keys())
def test_unmodelled_failures_at_the_creating_call_report_nothing(body: str) -> None:
    source = PRELUDE + body
    failure = run_program(source, "unmodelled_size")
    assert failure is not None and failure[0] == 3, failure
    assert [d for d in analyse(source).diagnostics if d.severity is Severity.ERROR] == []
