"""One reliability worker per session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .watchdog import AnalysisWorker


@pytest.fixture(scope="session")
def worker() -> Iterator[AnalysisWorker]:
    process = AnalysisWorker()
    yield process
    process.close()
