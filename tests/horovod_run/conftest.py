"""Fixtures for running rewritten scripts under real Horovod."""

from __future__ import annotations

import pytest

from tests.horovod_run.launch import HorovodEnv, require_env


@pytest.fixture(scope="session")
def horovod_env() -> HorovodEnv:
    """The built Horovod environment; the tests fail (never skip) when it cannot be had."""
    return require_env()
