"""Fixtures for running the rank corpus for real: Horovod (TensorFlow) and torch.distributed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.horovod_run.launch import HorovodEnv, require_env
from tests.ranks.torch_launch import require_torch_python


@pytest.fixture(scope="session")
def horovod_env() -> HorovodEnv:
    """The built Horovod environment; the tests fail (never skip) when it cannot be had."""
    return require_env()


@pytest.fixture(scope="session")
def torch_python() -> Path:
    """The PyTorch environment's interpreter; the tests fail (never skip) without it."""
    return require_torch_python()
