"""The ``tensorls`` command line: check (text, JSON, exit statuses, bad files) and hover."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tensorls.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, main

SHAPES = """import numpy as np

a = np.zeros((3, 4))
b = np.zeros((5, 6))
c = a @ b
größe = np.ones((64, 128))  # ünïcödé 🚀
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "shapes.py").write_text(SHAPES, encoding="utf-8")
    (tmp_path / "clean.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("def f(:\n", encoding="utf-8")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "broken.py").write_text("def f(:\n", encoding="utf-8")
    return tmp_path


def test_check_text_format_and_exit_status(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(project)]) == EXIT_FINDINGS
    output = capsys.readouterr().out.splitlines()
    shapes = project / "pkg" / "shapes.py"
    assert output[0].startswith(f"{shapes}:5:5: error shape-matmul matmul: ")
    assert output[1:] == [
        f"    {shapes}:3:5: shape (3, 4) established here",
        f"    {shapes}:4:5: shape (5, 6) established here",
    ]


def test_check_json_format(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--format", "json", str(project / "pkg")]) == EXIT_FINDINGS
    (record,) = json.loads(capsys.readouterr().out)
    assert record["path"] == str(project / "pkg" / "shapes.py")
    assert (record["line"], record["column"], record["end_line"], record["end_column"]) == (
        5,
        5,
        5,
        10,
    )
    assert record["severity"] == "error"
    assert record["code"] == "shape-matmul"
    assert set(record) == {
        "path",
        "line",
        "column",
        "end_line",
        "end_column",
        "severity",
        "code",
        "message",
        "related",
    }
    assert [(item["line"], item["column"], item["message"]) for item in record["related"]] == [
        (3, 5, "shape (3, 4) established here"),
        (4, 5, "shape (5, 6) established here"),
    ]


CALLERS = """import numpy as np


def project(x):
    weights = np.zeros((3, 4))
    return x @ weights


project(np.ones((2, 3)))
project(np.ones((2, 5)))
"""


def test_check_shows_the_caller_of_a_failure_in_text_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A failure only for one caller names that caller ("called from here") in both formats."""
    script = tmp_path / "callers.py"
    script.write_text(CALLERS, encoding="utf-8")
    assert main(["check", str(script)]) == EXIT_FINDINGS
    text = capsys.readouterr().out.splitlines()
    assert text[0].startswith(f"{script}:6:12: error shape-matmul ")
    assert f"    {script}:10:1: called from here: project(...)" in text[1:]
    assert f"    {script}:10:9: shape (2, 5) established here" in text[1:]
    assert main(["check", "--format", "json", str(script)]) == EXIT_FINDINGS
    (record,) = json.loads(capsys.readouterr().out)
    caller = {
        "path": str(script),
        "line": 10,
        "column": 1,
        "end_line": 10,
        "end_column": 25,
        "message": "called from here: project(...)",
    }
    assert caller in record["related"]
    assert len(record["related"]) == len(text) - 1


COVERAGE = """import numpy as np

def load(path):
    return np.load(path)

a = np.zeros((3, 4))
b = a.T
c = load("weights.npy")
d = np.loadtxt("table.csv", ndmin=2)
"""


def test_check_statistics_count_array_expressions_by_known_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Arrays: ``np.zeros((3, 4))``, ``a`` (twice), ``a.T``, ``b``, ``np.load(path)`` (returned
    and called), ``c``, ``np.loadtxt(...)``, ``d``; known shape: the zeros, ``a``, ``a.T``, ``b``;
    known rank besides: the loadtxt result and ``d``."""
    script = tmp_path / "coverage.py"
    script.write_text(COVERAGE, encoding="utf-8")
    assert main(["check", "--format", "json", "--statistics", str(script)]) == EXIT_OK
    output = json.loads(capsys.readouterr().out)
    assert output["diagnostics"] == []
    statistics = output["statistics"]
    assert statistics["files"] == 1
    assert (statistics["known_shape"], statistics["known_rank"]) == (5, 7)
    assert statistics["arrays"] == 10
    assert statistics["expressions"] > statistics["arrays"]
    assert main(["check", "--statistics", str(script), str(project_file(tmp_path))]) == EXIT_OK
    summary = capsys.readouterr().out.splitlines()[-1]
    assert summary.startswith("shape statistics: 2 files, ")
    assert (
        "10 array and tensor expressions (numpy 10, tensorflow 0, torch 0), 5 with a known shape"
        " (50.0%), 7 with a known rank"
    ) in summary


FRAMEWORK_COVERAGE = """import horovod.torch as hvd
import numpy as np
import tensorflow as tf
import torch

hvd.init()
scale = np.ones((2, 3)) * hvd.rank()
t = tf.ones((2, 3))
u = torch.ones(4, 5)
"""


def test_check_statistics_count_tensorflow_and_torch_tensors_in_a_module_with_ranks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issues 25 and 28: TensorFlow and torch tensors are counted (``tf.ones(...)``, ``t``,
    ``torch.ones(...)``, ``u``) beside the NumPy arrays (``np.ones(...)``, the product,
    ``scale``), and a module whose rank checks run (it calls ``hvd.rank()``) is counted too."""
    script = tmp_path / "frameworks.py"
    script.write_text(FRAMEWORK_COVERAGE, encoding="utf-8")
    assert main(["check", "--format", "json", "--statistics", str(script)]) == EXIT_OK
    statistics = json.loads(capsys.readouterr().out)["statistics"]
    assert statistics["by_library"] == {"numpy": 3, "tensorflow": 2, "torch": 2}
    assert statistics["arrays"] == statistics["known_shape"] == 7
    assert statistics["expressions"] > statistics["arrays"]


def project_file(folder: Path) -> Path:
    clean = folder / "clean.py"
    clean.write_text("x = 1\n", encoding="utf-8")
    return clean


def test_check_clean_file_exits_zero(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--format", "json", str(project / "clean.py")]) == EXIT_OK
    assert json.loads(capsys.readouterr().out) == []


def test_check_reports_columns_in_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "unicode.py"
    script.write_text('s = "😀é"; t = (\n', encoding="utf-8")
    assert main(["check", str(script)]) == EXIT_FINDINGS
    assert capsys.readouterr().out.startswith(f"{script}:1:15: error syntax-error ")


def test_unreadable_and_non_utf8_files_exit_two_and_others_are_checked(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    latin = project / "latin.py"
    latin.write_bytes('name = "café"\n'.encode("latin-1"))
    missing = project / "missing.py"
    status = main(["check", str(latin), str(missing), str(project / "pkg")])
    captured = capsys.readouterr()
    assert status == EXIT_USAGE
    assert f"tensorls: {latin} is not UTF-8" in captured.err
    assert f"tensorls: cannot read {missing}" in captured.err
    assert "shape-matmul" in captured.out


def test_usage_error_exits_two(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == EXIT_USAGE
    assert "PATH" in capsys.readouterr().err
    assert main(["hover", "x.py", "0", "1"]) == EXIT_USAGE


def test_hover_prints_plain_text(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shapes = project / "pkg" / "shapes.py"
    assert main(["hover", str(shapes), "6", "3"]) == EXIT_OK
    output = capsys.readouterr().out
    assert "(64, 128)" in output
    assert "```" not in output


def test_hover_prints_nothing_where_there_is_no_value(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["hover", str(project / "pkg" / "shapes.py"), "6", "40"]) == EXIT_OK
    assert capsys.readouterr().out == ""


def test_module_entry_point_and_no_pygls_for_check(project: Path) -> None:
    probe = (
        "import sys; from tensorls.cli import main; "
        f"status = main(['check', {str(project / 'clean.py')!r}]); "
        "assert 'pygls' not in sys.modules and 'lsprotocol' not in sys.modules; "
        "sys.exit(status)"
    )
    probed = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert probed.returncode == EXIT_OK, probed.stderr
    completed = subprocess.run(
        [sys.executable, "-m", "tensorls", "check", "--format", "json", str(project / "pkg")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == EXIT_FINDINGS, completed.stderr
    assert json.loads(completed.stdout)[0]["code"] == "shape-matmul"


@pytest.mark.parametrize("output_format", ["text", "json"])
def test_check_piped_into_head_ends_quietly_as_unix_tools_do(
    tmp_path: Path, output_format: str
) -> None:
    """``tensorls check ... | head -1`` (issue 31): ``head`` exits after one line, the next write
    fails with EPIPE, and tensorls dies of ``SIGPIPE`` like ``cat`` or ``grep`` would, with no
    traceback. The output (1,500 findings) is far larger than a pipe's buffer, so the write after
    ``head`` exits always fails."""
    many = tmp_path / "many.py"
    many.write_text(
        "import numpy as np\n"
        + "".join(f"c{i} = np.zeros((2, 3)) @ np.zeros((4, 5))\n" for i in range(1500)),
        encoding="utf-8",
    )
    checker = subprocess.Popen(
        [sys.executable, "-m", "tensorls", "check", "--format", output_format, str(many)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert checker.stdout is not None and checker.stderr is not None
    head = subprocess.Popen(["head", "-1"], stdin=checker.stdout, stdout=subprocess.PIPE)
    checker.stdout.close()
    first_line, _ = head.communicate(timeout=120)
    errors = checker.stderr.read()
    assert checker.wait(timeout=120) == -signal.SIGPIPE
    assert errors == b""
    assert first_line.decode().startswith(
        f"{many}:2:6: error shape-matmul" if output_format == "text" else "["
    )


LAYER = """import numpy as np


def dense(x, units):
    w = np.ones((x.shape[1], units))
    return x @ w


def mismatched(x):
    return x @ np.ones((x.shape[1] + 1, 4))
"""


def check_output(folder: Path, *options: str) -> tuple[int, str]:
    completed = subprocess.run(
        [sys.executable, "-m", "tensorls", "check", "--format", "json", *options, str(folder)],
        capture_output=True,
        text=True,
        check=False,
        cwd=folder,
    )
    return completed.returncode, completed.stdout


def test_check_in_worker_processes_reports_what_one_process_reports(tmp_path: Path) -> None:
    """``--jobs``: files handed to two worker processes, each with its own workspace, print the
    same records in the same order as one process (every file here is analysed to its end)."""
    (tmp_path / "layers.py").write_text(LAYER, encoding="utf-8")
    for index in range(9):
        call = "mismatched(x)" if index % 3 == 0 else f"dense(x, {index + 2})"
        (tmp_path / f"train_{index}.py").write_text(
            f"import numpy as np\nfrom layers import dense, mismatched\n\n"
            f"x = np.zeros((8, {index + 2}))\ny = {call}\nz = y + np.ones(({index + 100},))\n",
            encoding="utf-8",
        )
    notebook = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {},
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "outputs": [],
                "execution_count": None,
                "source": "import numpy as np\nfrom layers import dense\n",
            },
            {
                "cell_type": "code",
                "metadata": {},
                "outputs": [],
                "execution_count": None,
                "source": "h = dense(np.ones((2, 3)), 5)\nh @ np.ones((4, 4))\n",
            },
        ],
    }
    (tmp_path / "explore.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    serial = check_output(tmp_path, "--jobs", "1")
    assert serial[0] == EXIT_FINDINGS
    records = json.loads(serial[1])
    assert len({record["path"] for record in records}) == 10
    assert check_output(tmp_path, "--jobs", "2") == serial
    assert check_output(tmp_path) == serial


def test_default_jobs_follow_the_files_and_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    from tensorls import check_workers

    monkeypatch.setattr(check_workers, "usable_cores", lambda: 4)
    assert [check_workers.default_jobs(files) for files in (0, 3, 4, 8, 12, 100)] == [
        1,
        1,
        1,
        2,
        3,
        4,
    ]
    monkeypatch.setattr(check_workers, "usable_cores", lambda: 64)
    assert check_workers.default_jobs(1000) == check_workers.MAX_DEFAULT_JOBS
