"""The files ``tensorls check|hover|distribute`` read and write (issue 11, items 8 and 11).

Every command runs as a real process (a hang is caught by the timeout, memory by a limit):
named pipes, devices, oversized files and link loops are refused or skipped with a message and
exit status 2 while the other files are still checked; ``distribute -o`` that fails under a real
file-size limit leaves its target as it was.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tensorls.files import MAX_SOURCE_BYTES, read_source_bytes

from .planted import FIXTURES

TENSORLS = [str(Path(sys.executable).parent / "tensorls")]
HANG_LIMIT_SECONDS = 60
MEMORY_LIMIT_BYTES = 4 * 1024**3

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="named pipes and rlimits")


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT_BYTES, MEMORY_LIMIT_BYTES))


def tensorls(
    *arguments: str | Path, cwd: Path, limits: Callable[[], None] = _limit_memory
) -> subprocess.CompletedProcess[str]:
    """``tensorls ARGUMENTS`` in ``cwd``, under ``limits`` (a memory limit by default)."""
    return subprocess.run(
        [*TENSORLS, *map(str, arguments)],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=HANG_LIMIT_SECONDS,
        preexec_fn=limits,
        check=False,
    )


@pytest.fixture
def shape_bug(tmp_path: Path) -> Path:
    script = tmp_path / "shape_bug.py"
    shutil.copy(FIXTURES / "shape_bug.txt", script)
    return script


@pytest.mark.parametrize(
    "command", [["check"], ["hover", "1", "1"], ["distribute"]], ids=lambda c: c[0]
)
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(
    tmp_path: Path, command: list[str]
) -> None:
    pipe = tmp_path / "x.py"
    os.mkfifo(pipe)
    completed = tensorls(command[0], pipe, *command[1:], cwd=tmp_path)
    assert completed.returncode == 2
    assert f"tensorls: {pipe} is a named pipe, not a regular file; skipped" in completed.stderr


def test_dev_zero_is_refused_and_the_other_files_are_checked(
    tmp_path: Path, shape_bug: Path
) -> None:
    completed = tensorls("check", "/dev/zero", shape_bug, cwd=tmp_path)
    assert completed.returncode == 2
    assert "/dev/zero is a character device, not a regular file; skipped" in completed.stderr
    assert f"{shape_bug}:4:5: error shape-matmul" in completed.stdout


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path, shape_bug: Path) -> None:
    large = tmp_path / "generated.py"
    with large.open("wb") as handle:
        handle.truncate(MAX_SOURCE_BYTES + 1)
    for command in (["check", large, shape_bug], ["hover", large, 1, 1], ["distribute", large]):
        completed = tensorls(*command, cwd=tmp_path)
        assert completed.returncode == 2, command
        assert f"tensorls: {large} is larger than 10 MiB" in completed.stderr
    assert "shape-matmul" in tensorls("check", large, shape_bug, cwd=tmp_path).stdout


def _notebook_json(code: str, output_bytes: int) -> str:
    """An nbformat 4 notebook of one code cell whose output is ``output_bytes`` of text."""
    output = {"output_type": "stream", "name": "stdout", "text": "x" * output_bytes}
    cell = {
        "cell_type": "code",
        "metadata": {},
        "execution_count": 1,
        "source": code,
        "outputs": [output],
    }
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [cell]})


def test_a_notebook_large_by_its_outputs_is_checked(tmp_path: Path) -> None:
    """Only a notebook's code counts against the 10 MiB limit: its outputs (plots, tables) are
    never analysed, so a notebook of 12 MiB of output is checked whole."""
    notebook = tmp_path / "plots.ipynb"
    code = "import numpy as np\nz = np.zeros((2, 3)) @ np.zeros((4, 5))\n"
    notebook.write_text(_notebook_json(code, 12 * 1024 * 1024))
    completed = tensorls("check", notebook, cwd=tmp_path)
    assert completed.returncode == 1, completed.stderr
    assert f"{notebook}:cell 1" in completed.stdout and "shape-matmul" in completed.stdout


def test_a_notebook_whose_code_is_over_the_limit_is_refused(tmp_path: Path) -> None:
    notebook = tmp_path / "generated.ipynb"
    notebook.write_text(_notebook_json("#" * (MAX_SOURCE_BYTES + 1), 0))
    completed = tensorls("check", notebook, cwd=tmp_path)
    assert completed.returncode == 2
    assert f"tensorls: {notebook}'s code cells are larger than 10 MiB" in completed.stderr


def test_a_file_at_the_size_limit_is_read_whole(tmp_path: Path) -> None:
    script = tmp_path / "long.py"
    script.write_bytes(b"#" * MAX_SOURCE_BYTES)
    assert read_source_bytes(script) == b"#" * MAX_SOURCE_BYTES


def test_check_of_a_folder_follows_no_link_loop_and_skips_nothing_else(
    tmp_path: Path, shape_bug: Path
) -> None:
    project = tmp_path / "project"
    (project / "pkg").mkdir(parents=True)
    shutil.copy(shape_bug, project / "pkg" / "model.py")
    (project / "pkg" / "loop").symlink_to(project, target_is_directory=True)
    (project / "pkg" / "deeper").symlink_to("..", target_is_directory=True)
    (project / "self").symlink_to(".", target_is_directory=True)
    (project / "linked_file.py").symlink_to(project / "pkg" / "model.py")
    completed = tensorls("check", project, cwd=tmp_path)
    assert completed.returncode == 1, completed.stderr
    assert completed.stderr == ""
    lines = [line for line in completed.stdout.splitlines() if not line.startswith(" ")]
    assert len(lines) == 2, lines
    assert lines[0].startswith(f"{project / 'linked_file.py'}:4:5: error shape-matmul")
    assert lines[1].startswith(f"{project / 'pkg' / 'model.py'}:4:5: error shape-matmul")


def test_check_of_a_folder_reports_pipes_and_devices_in_it_and_checks_the_rest(
    tmp_path: Path, shape_bug: Path
) -> None:
    project = tmp_path / "project"
    project.mkdir()
    shutil.copy(shape_bug, project / "model.py")
    os.mkfifo(project / "pipe.py")
    (project / "zero.py").symlink_to("/dev/zero")
    (project / "dangling.py").symlink_to(project / "missing.py")
    completed = tensorls("check", project, cwd=tmp_path)
    assert completed.returncode == 2
    assert f"{project / 'pipe.py'} is a named pipe" in completed.stderr
    assert f"{project / 'zero.py'} is a character device" in completed.stderr
    assert f"cannot read {project / 'dangling.py'}: No such file or directory" in completed.stderr
    assert f"{project / 'model.py'}:4:5: error shape-matmul" in completed.stdout


def _file_size_limit(limit: int) -> Callable[[], None]:
    def apply() -> None:
        _limit_memory()
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def test_distribute_in_place_under_a_file_size_limit_leaves_the_input_intact(
    tmp_path: Path,
) -> None:
    script = tmp_path / "train.py"
    shutil.copy(FIXTURES / "tf2_gradient_tape.txt", script)
    script.chmod(0o640)
    original = script.read_bytes()
    completed = tensorls(
        "distribute",
        script,
        "-o",
        script,
        cwd=tmp_path,
        limits=_file_size_limit(len(original) // 2),
    )
    assert completed.returncode == 2
    assert f"tensorls: cannot write {script}: File too large" in completed.stderr
    assert script.read_bytes() == original
    assert stat.S_IMODE(script.stat().st_mode) == 0o640
    assert sorted(path.name for path in tmp_path.iterdir()) == ["train.py"]


def test_distribute_in_place_keeps_the_permissions_and_links(tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    shutil.copy(FIXTURES / "tf2_gradient_tape.txt", script)
    script.chmod(0o750)
    link = tmp_path / "link.py"
    link.symlink_to(script.name)
    completed = tensorls("distribute", link, "-o", link, cwd=tmp_path)
    assert completed.returncode == 0, completed.stderr
    assert link.is_symlink()
    assert "import horovod.tensorflow as hvd" in script.read_text(encoding="utf-8")
    assert stat.S_IMODE(script.stat().st_mode) == 0o750
    assert sorted(path.name for path in tmp_path.iterdir()) == ["link.py", "train.py"]


def test_distribute_to_a_new_file_follows_the_umask(tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    shutil.copy(FIXTURES / "tf2_gradient_tape.txt", script)
    output = tmp_path / "distributed.py"

    def umask_027() -> None:
        _limit_memory()
        os.umask(0o027)

    completed = tensorls("distribute", script, "-o", output, cwd=tmp_path, limits=umask_027)
    assert completed.returncode == 0, completed.stderr
    assert stat.S_IMODE(output.stat().st_mode) == 0o640
    assert output.read_text(encoding="utf-8").startswith(completed.stdout)


def test_distribute_to_dev_stdout_writes_the_stream(tmp_path: Path) -> None:
    script = tmp_path / "train.py"
    shutil.copy(FIXTURES / "tf2_gradient_tape.txt", script)
    completed = tensorls("distribute", script, "-o", "/dev/stdout", cwd=tmp_path)
    assert completed.returncode == 0, completed.stderr
    assert "import horovod.tensorflow as hvd" in completed.stdout
