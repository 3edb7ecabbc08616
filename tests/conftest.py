"""Suite-wide hooks: a failing test drops the ground-truth entries it used (see
``tests/ground_truth.py``), so an outcome spoiled by a loaded machine is run afresh next time."""

from __future__ import annotations

from collections.abc import Generator

import pytest

from tests import ground_truth


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "teardown" or report.failed:
        ground_truth.forget_used(drop=report.failed)
