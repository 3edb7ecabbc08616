"""The Python sources are formatted and lint-clean under the project's ruff configuration."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ["tensorls", "server", "analyses", "tests", "benchmarks", "scripts", "setup.py"]


def _ruff(*arguments: str) -> subprocess.CompletedProcess[str]:
    existing = [name for name in SOURCES if (ROOT / name).exists()]
    return subprocess.run(
        [sys.executable, "-m", "ruff", *arguments, *existing],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_ruff_check_passes() -> None:
    result = _ruff("check", "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_applied() -> None:
    result = _ruff("format", "--check", "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr
