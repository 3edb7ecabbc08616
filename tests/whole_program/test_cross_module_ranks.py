"""Rank checks across an import (issue 32): the rank corpus's scripts split in two report what the
single file reports, placed as the one-heap analysis places a failure of another module's code.

The programs are the corpus's own (``tests/ranks/corpus``, each run on two real processes by the
corpus's ground-truth tests); ``splitting.split`` moves their helpers into ``defs.py``.
"""

from __future__ import annotations

from tensorls.analyses import Severity

from .differential import analyse_split
from .programs import Program, all_programs
from .splitting import split


def _program(identifier: str) -> Program:
    return next(program for program in all_programs() if program.id == identifier)


def _errors(result: object) -> list[tuple[int, str, str]]:
    return [
        (item.span.start.line + 1, item.code, item.message)
        for item in result.diagnostics  # type: ignore[attr-defined]
        if item.severity is Severity.ERROR
    ]


def test_a_collective_behind_a_rank_return_in_an_imported_helper() -> None:
    """``sync_weights`` returns early on every rank but 0, then broadcasts: moved to ``defs.py``,
    the divergence is reported at ``main.py``'s call, the broadcast first among the related
    locations, and the block only the other ranks run is marked in ``defs.py``."""
    program = _program("ranks/buggy/collective_after_rank_return")
    parts = split(program.source)
    assert parts is not None and "sync_weights" in parts.moved
    main, defs = analyse_split(program, parts)
    [(line, code, message)] = _errors(main)
    call = next(n for n, text in enumerate(parts.main.split("\n"), 1) if text.startswith("sync_"))
    assert (line, code) == (call, "rank-divergent-collective")
    assert message.endswith("(in sync_weights() of defs.py)")
    [diagnostic] = [item for item in main.diagnostics if item.code == code]
    fails = diagnostic.related[0]
    assert fails.message == "fails here" and fails.module is not None
    assert fails.module.endswith("/defs.py") and fails.span.start.line + 1 == 15
    hints = [
        (item.span.start.line + 1, item.message)
        for item in defs.diagnostics
        if item.code == "rank-only"
    ]
    assert hints == [(13, "only the ranks other than 0 run this (condition at line 12)")]


def test_a_helper_imported_by_every_rank_is_not_divergent() -> None:
    """The fixed twin: ``average`` reached by every rank through the imported ``report``."""
    program = _program("ranks/correct/average_helper_called_on_every_rank")
    parts = split(program.source)
    assert parts is not None
    main, defs = analyse_split(program, parts)
    assert _errors(main) == [] and _errors(defs) == []


def test_a_rank_read_in_an_imported_module_decides_the_importer_s_branch() -> None:
    """``rank = int(os.environ["RANK"])`` moved to ``defs.py``: ``if rank == 0:`` in ``main.py``
    is still a branch only rank 0 takes."""
    program = _program("ranks/torch_correct/environment_rank_zero_prints_after_all_reduce")
    parts = split(program.source)
    assert parts is not None and "rank" in parts.moved
    main, _ = analyse_split(program, parts)
    assert _errors(main) == []
    hints = [item.span.start.line + 1 for item in main.diagnostics if item.code == "rank-only"]
    assert 16 in hints
