"""The PyTorch oracle's interpreter: the Python of the cached torch environment
(``scripts/torch-env.sh``, exported as ``TENSORLS_TORCH_PYTHON`` by ``scripts/test-all.sh``).

Without it the oracle tests fail and say how to build it; they are never skipped.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def torch_python() -> Path:
    configured = os.environ.get("TENSORLS_TORCH_PYTHON")
    if not configured:
        pytest.fail(
            "TENSORLS_TORCH_PYTHON is not set: the PyTorch oracle cannot run. Build the torch "
            "environment and export it: "
            "export TENSORLS_TORCH_PYTHON=$(bash scripts/torch-env.sh)"
        )
    python = Path(configured)
    if not python.is_file():
        pytest.fail(f"TENSORLS_TORCH_PYTHON={configured} is not a file")
    return python
