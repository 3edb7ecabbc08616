"""The TensorFlow oracle's interpreter: the Python of the cached Horovod environment.

Its tests are skipped only when ``TENSORLS_HOROVOD_PYTHON`` is unset outside CI (a developer
without the environment); in CI (``CI`` set) a missing environment fails them, never skips.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def tf_python() -> Path:
    configured = os.environ.get("TENSORLS_HOROVOD_PYTHON")
    if not configured:
        if os.environ.get("CI"):
            pytest.fail("TENSORLS_HOROVOD_PYTHON is not set: the TensorFlow oracle cannot run")
        pytest.skip("TENSORLS_HOROVOD_PYTHON is not set (TensorFlow 2.12 oracle environment)")
    python = Path(configured)
    if not python.is_file():
        pytest.fail(f"TENSORLS_HOROVOD_PYTHON={configured} is not a file")
    return python
