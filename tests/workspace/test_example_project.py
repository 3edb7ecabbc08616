"""``examples/project``: train.py imports config.py, data.py and model.py; the one shape bug is in
train.py's code but caused by a shape model.py makes. Running train.py with NumPy fails there, and
``tensorls check`` (a folder, or the file alone) reports exactly that line and message, with
related locations in model.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tensorls.cli import EXIT_FINDINGS

PROJECT = Path(__file__).parents[2] / "examples" / "project"
TRAIN = PROJECT / "train.py"

RUN_SCRIPT = """
import json, runpy, sys, traceback
try:
    runpy.run_path(sys.argv[1], run_name="__main__")
except Exception as error:
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == sys.argv[1]]
    print(json.dumps({"line": frames[-1].lineno, "message": str(error)}))
else:
    sys.exit("the script ran without failing")
"""


@pytest.fixture(scope="module")
def numpy_failure() -> dict[str, object]:
    completed = subprocess.run(
        [sys.executable, "-c", RUN_SCRIPT, str(TRAIN)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        cwd=PROJECT,
    )
    return json.loads(completed.stdout)


def check(*arguments: str) -> list[dict[str, object]]:
    completed = subprocess.run(
        [sys.executable, "-m", "tensorls", "check", "--format", "json", *arguments],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )
    assert completed.returncode == EXIT_FINDINGS, completed.stderr
    return json.loads(completed.stdout)


@pytest.mark.parametrize(
    "target", [PROJECT.parent, PROJECT, TRAIN], ids=["examples", "project", "file"]
)
def test_the_cross_module_bug_is_reported_where_numpy_fails(
    target: Path, numpy_failure: dict[str, object]
) -> None:
    records = [record for record in check(str(target)) if record["path"] == str(TRAIN)]
    assert [(record["line"], record["message"]) for record in records] == [
        (numpy_failure["line"], numpy_failure["message"])
    ]
    assert "# BUG" in TRAIN.read_text().splitlines()[int(str(records[0]["line"])) - 1]
    related = [(Path(str(item["path"])).name, item["line"]) for item in records[0]["related"]]
    assert ("model.py", 11) in related


def test_the_imported_modules_alone_have_no_finding() -> None:
    records = check(str(PROJECT))
    assert {Path(str(record["path"])).name for record in records} == {"train.py"}


def test_hover_shows_a_shape_made_in_another_module() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "tensorls", "hover", str(TRAIN), "10", "5"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert completed.stdout.splitlines() == [
        "w2: ndarray[float64, (10, 128)]",
        "Established at line 11 of model.py",
    ]
