"""Fixtures for running rewritten scripts under real Horovod."""

from __future__ import annotations

import pytest

from tests.horovod_run.launch import HorovodEnv, build_env


@pytest.fixture(scope="session")
def horovod_env() -> HorovodEnv:
    """The built Horovod environment; the tests fail (never skip) when it cannot be had."""
    try:
        return build_env()
    except (RuntimeError, FileNotFoundError) as error:
        pytest.fail(f"the Horovod environment is unavailable, so this test cannot run: {error}")
