"""``tensorls distribute FILE [-o OUT] [--diff]``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tensorls.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, main

from .conftest import GOLDEN

CASE = GOLDEN / "tape_tf_function"


def test_prints_the_rewritten_script(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["distribute", str(CASE / "input.py")]) == EXIT_OK
    assert capsys.readouterr().out == (CASE / "expected.py").read_text(encoding="utf-8")


def test_writes_the_output_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "distributed.py"
    assert main(["distribute", str(CASE / "input.py"), "-o", str(out)]) == EXIT_OK
    assert out.read_text(encoding="utf-8") == (CASE / "expected.py").read_text(encoding="utf-8")
    assert capsys.readouterr().out == ""


def test_prints_a_unified_diff(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["distribute", str(CASE / "input.py"), "--diff"]) == EXIT_OK
    diff = capsys.readouterr().out
    assert diff.startswith("--- ")
    assert "+import horovod.tensorflow as hvd\n" in diff
    assert '-os.environ["CUDA_VISIBLE_DEVICES"] = "0"  # the rewrite pins GPUs itself\n' in diff


def test_refusal_exits_1_and_lists_the_blocking_restrictions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "strategy.py"
    source = (CASE / "input.py").read_text(encoding="utf-8")
    script.write_text(source + "strategy = tf.distribute.MirroredStrategy()\n")
    lines = len(source.splitlines())
    out = tmp_path / "never.py"
    assert main(["distribute", str(script), "-o", str(out)]) == EXIT_FINDINGS
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "cannot be distributed" in captured.err
    assert f"{script}:{lines + 1}:12: horovod-restriction tf.distribute strategies" in captured.err
    assert not out.exists()


def test_already_distributed_files_are_printed_unchanged(
    capsys: pytest.CaptureFixture[str],
) -> None:
    expected = CASE / "expected.py"
    assert main(["distribute", str(expected)]) == EXIT_OK
    captured = capsys.readouterr()
    assert captured.out == expected.read_text(encoding="utf-8")
    assert "already uses Horovod" in captured.err


def test_unreadable_file_is_a_usage_error(tmp_path: Path) -> None:
    assert main(["distribute", str(tmp_path / "missing.py")]) == EXIT_USAGE


def test_a_pytorch_script_is_rewritten_and_its_refusal_listed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = GOLDEN / "torch_dataloader_sampler"
    assert main(["distribute", str(case / "input.py")]) == EXIT_OK
    assert capsys.readouterr().out == (case / "expected.py").read_text(encoding="utf-8")
    script = tmp_path / "data_parallel.py"
    source = (case / "input.py").read_text(encoding="utf-8")
    script.write_text(source + "parallel = torch.nn.DataParallel(model)\n")
    assert main(["distribute", str(script)]) == EXIT_FINDINGS
    captured = capsys.readouterr()
    line = len(source.splitlines()) + 1
    assert f"{script}:{line}:12: horovod-restriction Other distribution" in captured.err


def test_a_torch_distributed_script_is_printed_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "ddp.py"
    source = (GOLDEN / "torch_dataloader_sampler" / "input.py").read_text(encoding="utf-8")
    script.write_text(source + "ddp = torch.nn.parallel.DistributedDataParallel(model)\n")
    assert main(["distribute", str(script)]) == EXIT_OK
    captured = capsys.readouterr()
    assert captured.out == script.read_text(encoding="utf-8")
    assert "already uses Horovod (or torch.distributed)" in captured.err
