"""The rank projections are skipped where the ordinary run shows they would find nothing
(``ranks.ordinary_run``), and run wherever it reached a rank read, however it reached it.

The idiom is timm's (``timm/utils/distributed.py`` in timm 1.0.26 on PyPI, and the same helpers in
``huggingface/pytorch-image-models``): a utilities module wraps ``torch.distributed`` in
``get_rank()``/``is_primary()`` helpers, and every model file imports the package that imports it
without ever calling them. The projections then follow the imports into the helpers, which the
textual gate cannot tell apart from a script calling them.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Callable

import pytest
from tensorls.analyses import AnalysisResult, AnalysisSettings, analyse
from tensorls.analyses.interpreter import interpret
from tensorls.analyses.pipeline import DocumentCache
from tensorls.analyses.ranks import checks
from tensorls.analyses.ranks.checks import check_ranks
from tensorls.analyses.text import SourceText
from tensorls.analyses.workspace import ModuleSearch, Workspace

FOLDER = "/project"
UTILS = textwrap.dedent(
    """\
    import torch.distributed as dist


    def get_rank():
        if not dist.is_available() or not dist.is_initialized():
            return 0
        return dist.get_rank()


    def is_primary():
        return get_rank() == 0
    """
)
"""The helpers module every test imports (it mentions ``torch.distributed`` and the rank)."""


@pytest.fixture
def projections(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The ranks of the projections the rank checks run, in order (a counter, not a timing)."""
    ran: list[int] = []
    original = checks.project

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        ran.append(args[3])
        return original(*args, **kwargs)

    monkeypatch.setattr(checks, "project", counted)
    return ran


def _workspace(modules: dict[str, str]) -> Workspace:
    return Workspace(ModuleSearch((), {f"{FOLDER}/{n}": t for n, t in modules.items()}.get))


def _analysed(
    main: str,
    modules: dict[str, str],
    cache: DocumentCache | None = None,
    workspace: Workspace | None = None,
    name: str = "main.py",
) -> AnalysisResult:
    workspace = workspace or _workspace({name: main, **modules})
    return analyse(
        main, AnalysisSettings(), workspace=workspace, path=f"{FOLDER}/{name}", cache=cache
    )


def _reports(result: AnalysisResult, code: str) -> list[tuple[int, str]]:
    return [(d.span.start.line + 1, d.message) for d in result.diagnostics if d.code == code]


def test_a_module_importing_rank_helpers_it_never_calls_runs_no_projection(
    projections: list[int],
) -> None:
    """A model file importing the helpers, reading no rank: the textual gate passes (the helpers
    mention ``torch.distributed`` and ``get_rank``), the ordinary run asked no model for the
    rank, so neither projection runs (its logger's name ``__name__`` decides nothing)."""
    main = textwrap.dedent(
        """\
        import logging

        import torch
        from utils import is_primary

        _logger = logging.getLogger(__name__)


        def make(width):
            return torch.zeros(width, 3)


        layer = make(4)
        """
    )
    result = _analysed(main, {"utils.py": UTILS})
    assert result.diagnostics == ()
    assert projections == []
    tree, text = ast.parse(main), SourceText(main)
    assert len(check_ranks(tree, text, AnalysisSettings(), None).projections) == 0
    ordinary = interpret(tree, AnalysisSettings(), text)
    assert ordinary.projection_reads == 0


def test_a_rank_read_only_through_an_imported_function_is_projected(
    projections: list[int],
) -> None:
    """The document reads the rank only inside the imported ``is_primary``: only rank 0 binds
    ``best``."""
    main = textwrap.dedent(
        """\
        import torch.distributed as dist
        from utils import is_primary

        dist.init_process_group("gloo")
        if is_primary():
            best = 0.0
        print(best)
        """
    )
    result = _analysed(main, {"utils.py": UTILS})
    assert projections == [0, 1]
    [(line, message)] = _reports(result, "rank-unbound-name")
    assert line == 7 and "on the ranks other than 0" in message


def test_a_rank_read_counts_where_a_summary_replays_it(projections: list[int]) -> None:
    """``config.py`` reads the rank in its body. A second document of the workspace replays the
    body's summary; a second analysis of the first document with the same cache restores its
    statements from their checkpoints. Each still counts the read, and the projections run."""
    config = "import os\n\nRANK = int(os.environ['RANK'])\n"
    main = textwrap.dedent(
        """\
        import torch.distributed as dist
        from config import RANK

        dist.init_process_group("gloo")
        if RANK == 0:
            best = 0.0
        print(best)
        """
    )
    workspace = _workspace({"config.py": config, "main.py": main, "other.py": main})
    cache = DocumentCache()
    first = _analysed(main, {}, cache, workspace)
    replayed_body = _analysed(main, {}, None, workspace, "other.py")
    restored = _analysed(main, {}, cache, workspace)
    assert projections == [0, 1] * 3
    expected = [(7, "name 'best' is not defined on the ranks other than 0: only rank 0 binds it")]
    for result in (first, replayed_body, restored):
        assert _reports(result, "rank-unbound-name") == expected


def test_a_rank_read_only_in_a_function_called_last_is_projected(
    projections: list[int],
) -> None:
    """The body runs a long computation first and reads the rank only in ``main()``, called by
    its last statement."""
    main = textwrap.dedent(
        """\
        import torch
        import torch.distributed as dist

        weights = [torch.ones(4, 4) for _ in range(8)]
        total = sum(w.sum() for w in weights)


        def main():
            dist.init_process_group("gloo")
            if dist.get_rank() == 0:
                dist.barrier()


        main()
        """
    )
    result = _analysed(main, {})
    assert projections == [0, 1]
    assert [line for line, _ in _reports(result, "rank-divergent-collective")] == [11]


def test_a_rank_read_only_in_a_function_nobody_calls_is_projected(
    projections: list[int],
) -> None:
    """``save`` is never called by the body: the ordinary run reads the rank only while analysing
    it alone, and the projections decide its condition (a block only rank 0 runs)."""
    main = textwrap.dedent(
        """\
        import torch
        import torch.distributed as dist


        def save(model, path):
            if dist.get_rank() == 0:
                torch.save(model.state_dict(), path)
        """
    )
    result = _analysed(main, {})
    assert projections == [0, 1]
    assert _reports(result, "rank-only") == [(7, "only rank 0 runs this (condition at line 6)")]


def test_a_rank_read_after_the_ordinary_run_stopped_is_projected() -> None:
    """The ordinary run stops (its budget, here a stop request) before the loop's end, so it never
    sees the rank read after it: the projections run and report."""
    main = textwrap.dedent(
        """\
        import torch
        import torch.distributed as dist

        dist.init_process_group("gloo")
        for step in range(1000):
            loss = torch.ones(3).sum()
        if dist.get_rank() == 0:
            dist.barrier()
        """
    )
    tree, text = ast.parse(main), SourceText(main)
    stop: Callable[[], bool] = lambda: True  # noqa: E731
    ordinary = interpret(tree, AnalysisSettings(), text, stop)
    assert ordinary.budget_exceeded and ordinary.projection_reads == 0
    check = check_ranks(tree, text, AnalysisSettings(), ordinary)
    assert len(check.projections) == 2
    assert [d.span.start.line + 1 for d in check.diagnostics if d.severity.name == "ERROR"] == [8]


def test_a_directory_every_rank_creates_is_projected_without_a_rank_read(
    projections: list[int],
) -> None:
    """The one rank report needing no difference between the sides: every rank runs
    ``os.makedirs`` without ``exist_ok`` (the helpers imported make the textual gate pass)."""
    main = textwrap.dedent(
        """\
        import os
        import torch.distributed as dist
        from utils import is_primary

        dist.init_process_group("gloo")
        os.makedirs("checkpoints")
        """
    )
    result = _analysed(main, {"utils.py": UTILS})
    assert projections == [0, 1]
    assert [line for line, _ in _reports(result, "rank-file-divergence")] == [6]


def test_a_condition_on_the_document_s_name_is_projected(projections: list[int]) -> None:
    """The projections run the document as ``__main__`` (the ordinary run: any name), so a test
    of ``__name__`` is decided there only: ``best`` is bound on no rank of a run of the script,
    which the projections report though no rank was read."""
    main = textwrap.dedent(
        """\
        import torch.distributed as dist
        from utils import is_primary

        dist.init_process_group("gloo")
        if "." in __name__:
            best = 0.0
        print(best)
        """
    )
    result = _analysed(main, {"utils.py": UTILS})
    assert projections == [0, 1]
    assert [line for line, _ in _reports(result, "rank-unbound-name")] == [7]
