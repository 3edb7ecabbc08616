"""Shared fixtures of the soundness tests: one worker process per session and a judgment cache."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .harness import Worker
from .summary import SUMMARY


@pytest.fixture(scope="session")
def worker() -> Iterator[Worker]:
    process = Worker()
    yield process
    process.close()


@pytest.fixture(scope="session")
def judgments() -> dict[str, dict[str, Any]]:
    """Corpus verdicts by file name, filled lazily so that each program is judged once."""
    return {}


def pytest_terminal_summary(terminalreporter: Any) -> None:
    lines = SUMMARY.lines()
    if lines:
        terminalreporter.section("tensorls soundness summary")
        for line in lines:
            terminalreporter.write_line(line)
