"""Fixtures for running rewritten scripts under real Horovod."""

from __future__ import annotations

import pytest

from tests.horovod_run.launch import (
    TORCH_ENV_SCRIPT,
    TORCH_ENV_VARIABLE,
    HorovodEnv,
    require_env,
)


@pytest.fixture(scope="session")
def horovod_env() -> HorovodEnv:
    """The built Horovod environment; the tests fail (never skip) when it cannot be had."""
    return require_env()


@pytest.fixture(scope="session")
def horovod_torch_env() -> HorovodEnv:
    """The built Horovod + PyTorch environment; the tests fail (never skip) without it."""
    return require_env(TORCH_ENV_VARIABLE, TORCH_ENV_SCRIPT)
