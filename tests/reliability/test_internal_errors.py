"""An internal error never hides the rest of a file's results (tracker issue 30, item 1).

The probe's four inputs (rebuilt here in our own words) each used to make ``analyses.pipeline``
drop the whole interpretation: ``check`` printed nothing and exited 0. Now their root causes are
fixed (the annotation states no hint) and any internal error is confined to the annotation,
statement or function it happened in, recorded with its position, logged, and turned by
``check`` into a notice on stderr and 4 added to its exit status. A seeded fuzzer of hostile
annotations and sizes checks that a certain error elsewhere in the file is always still reported.
"""

from __future__ import annotations

import ast
import logging
from pathlib import Path

import pytest
from tensorls.analyses import AnalysisResult, Position, Severity, analyse
from tensorls.analyses.interpreter.modules.import_rules import ImportRules
from tensorls.analyses.interpreter.semantics.statements import StatementRules
from tensorls.analyses.models.shape_hints import annotations

from tensorls.cli import EXIT_FINDINGS, EXIT_INTERNAL_ERROR, EXIT_OK
from tensorls.cli import main as cli_main

from .hostile import KNOWN_ERROR, known_error_line
from .hostile import run as run_hostile

HEADER = "import numpy as np\nfrom jaxtyping import Float\n"

PROBE_INPUTS = {
    "superscript-dimension": 'def f(x: Float[np.ndarray, "²"]) -> None:\n    pass\n',
    "4400-digit-dimension": f'def f(x: Float[np.ndarray, "{"8" * 4400} 3"]) -> None:\n    pass\n',
    "100000-deep-dimension": f'def f(x: Float[np.ndarray, "{"-" * 100_000}n"]) -> None:\n    pass\n',
    "deep-string-annotation": f'def f(x: "{"-" * 100_000}1") -> None:\n    pass\n',
    "deep-string-annotation-subscript": (
        f'def f(x: "{"list[" * 5_000}int{"]" * 5_000}") -> None:\n    pass\n'
    ),
}

FUZZ_SEED = 30_001
FUZZ_PROGRAMS = 200
FUZZ_SECONDS = 8.0


def _error_lines(result: AnalysisResult) -> set[int]:
    return {d.span.start.line for d in result.diagnostics if d.severity == Severity.ERROR}


@pytest.mark.parametrize("piece", PROBE_INPUTS.values(), ids=PROBE_INPUTS.keys())
def test_the_probe_inputs_keep_the_other_results_and_fail_nothing(piece: str) -> None:
    source = HEADER + piece + KNOWN_ERROR
    result = analyse(source)
    assert _error_lines(result) == {known_error_line(source)}
    assert result.internal_errors == ()


def test_a_dimension_int_rejects_states_no_hint() -> None:
    source = HEADER + 'def f(x: Float[np.ndarray, "²"]):\n    return x\nf(np.zeros((2, 3)))\n'
    result = analyse(source)
    assert result.diagnostics == () and result.internal_errors == ()


def _failing_parse(annotation: object) -> None:
    raise RuntimeError("planted failure")


def test_an_internal_error_in_an_annotation_is_confined_to_it(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(annotations, "_jaxtyping", lambda *arguments: _failing_parse(None))
    source = (
        HEADER
        + 'def f(x: Float[np.ndarray, "n"]):\n'
        + "    a = np.ones((2, 2)) + np.ones((3,))\n"
        + "    return x\n"
        + KNOWN_ERROR
    )
    with caplog.at_level(logging.WARNING, logger="tensorls.analyses"):
        result = analyse(source, path="planted.py")
    assert _error_lines(result) == {3, known_error_line(source)}
    assert [error.position for error in result.internal_errors] == [Position(2, 9)]
    assert "RuntimeError: planted failure" in result.internal_errors[0].description
    assert "planted.py" in caplog.text and "planted failure at 3:10" in caplog.text


def test_an_internal_error_in_a_call_leaves_the_caller_in_its_own_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The error escapes the callee while it binds its parameters: the calling statement is
    confined, and the caller goes on from its own frame (its ``x`` is the (4, 5) array, not the
    callee's (3,) one, with which the matmul would run). ``g`` analysed on its own fails alike:
    the function is skipped, nothing else."""

    def failing_refinement(*arguments: object) -> None:
        raise RuntimeError("planted failure")

    monkeypatch.setattr(StatementRules, "refine_by_annotation", failing_refinement)
    source = (
        HEADER
        + "def g(x, y: int):\n"
        + "    return 1\n"
        + "def h():\n"
        + "    x = np.zeros((4, 5))\n"
        + "    g(np.zeros((3,)), 1)\n"
        + "    x @ np.zeros((3, 2))\n"
        + "h()\n"
    )
    result = analyse(source)
    assert _error_lines(result) == {7}
    # The call statement, then ``g`` analysed on its own with unknown arguments (the function).
    assert [error.position for error in result.internal_errors] == [
        Position(6, 4),
        Position(2, 0),
    ]


def test_an_internal_error_in_one_analysis_keeps_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tensorls.analyses import pipeline

    def failing_detector(*arguments: object) -> None:
        raise RuntimeError("planted failure")

    monkeypatch.setattr(pipeline, "detect", failing_detector)
    source = HEADER + KNOWN_ERROR
    result = analyse(source)
    assert _error_lines(result) == {known_error_line(source)}
    assert result.hover_at(Position(known_error_line(source), 1)) is not None
    (failure,) = result.internal_errors
    assert failure.position == Position(0, 0)
    assert failure.description.startswith("Horovod detection failed: RuntimeError")


def test_check_reports_an_internal_error_with_its_own_exit_status(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    clean = tmp_path / "clean.py"
    clean.write_text(HEADER + 'def f(x: Float[np.ndarray, "n"]):\n    return x\n')
    faulty = tmp_path / "faulty.py"
    faulty.write_text(HEADER + 'def f(x: Float[np.ndarray, "n"]):\n    return x\n' + KNOWN_ERROR)
    assert cli_main(["check", str(clean)]) == EXIT_OK
    monkeypatch.setattr(annotations, "_jaxtyping", lambda *arguments: _failing_parse(None))
    assert cli_main(["check", str(clean)]) == EXIT_OK + EXIT_INTERNAL_ERROR
    captured = capsys.readouterr()
    assert f"{clean}:3:10: internal error" in captured.err
    assert "RuntimeError: planted failure" in captured.err
    assert cli_main(["check", str(faulty)]) == EXIT_FINDINGS + EXIT_INTERNAL_ERROR
    assert f"{faulty}:5:10: error shape-matmul" in capsys.readouterr().out


def test_hostile_annotations_and_sizes_lose_no_result() -> None:
    """Seeded and bounded: at most ``FUZZ_PROGRAMS`` programs or ``FUZZ_SECONDS`` seconds."""
    assert run_hostile(FUZZ_SEED, FUZZ_SECONDS, FUZZ_PROGRAMS).programs >= 10


def test_names_a_failed_statement_binds_are_unknown_not_undefined(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An import that fails internally (a recursion error deep in a project package's imports,
    as kornia's and torchvision's packages gave in the real-code sweep) binds its names to ⊤:
    reading them is no certain ``NameError``; the file's real bug is still reported."""
    original = ImportRules.import_module

    def failing_import(self: ImportRules, name: str, level: int, node: ast.AST) -> object:
        if name.startswith("planted"):
            raise RecursionError("planted failure")
        return original(self, name, level, node)

    monkeypatch.setattr(ImportRules, "import_module", failing_import)
    source = (
        "import numpy as np\n"
        "from planted.base import Base, helper as h\n"
        "import planted.sub as ps\n"
        "import planted.other\n"
        "class Net(Base):\n"
        "    pass\n"
        "h(ps, planted, Net)\n"
        "np.zeros((2, 3)) @ np.zeros((2, 3))\n"
    )
    result = analyse(source)
    assert _error_lines(result) == {7}
    assert [error.position.line for error in result.internal_errors] == [1, 2, 3]
