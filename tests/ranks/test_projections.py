"""What each rank projection knows: rank and size values, decided conditions, what stays
uniform, the rank-varying hover, the faded rank-only blocks, and the program of one rank."""

from __future__ import annotations

import ast
import textwrap

from tensorls.analyses import AnalysisSettings, Position, Severity, analyse
from tensorls.analyses.interpreter.core.hovers import node_key
from tensorls.analyses.interpreter.incremental.memo import CallMemo
from tensorls.analyses.ranks import check_ranks
from tensorls.analyses.ranks.program_text import projected_program
from tensorls.analyses.ranks.projections import (
    OTHER_RANK,
    RANK_ZERO,
    project,
    uses_distribution,
)
from tensorls.analyses.text import SourceText

SCRIPT = textwrap.dedent(
    """\
    import horovod.tensorflow as hvd

    hvd.init()
    rank = hvd.rank()
    workers = hvd.size()
    first = hvd.local_rank() == 0
    lead = rank == 0
    doubled = rank * 2
    """
)


def values(source: str, rank: int) -> dict[str, str]:
    """The description of each assigned name's value in projection ``rank``."""
    tree = ast.parse(source)
    projection = project(tree, SourceText(source), AnalysisSettings(), rank)
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            value = projection.value(node_key(node.value))
            found[node.targets[0].id] = value.describe() if value is not None else "unreached"
    return found


def test_rank_zero_knows_its_rank_and_first_host_rank() -> None:
    seen = values(SCRIPT, RANK_ZERO)
    assert seen["rank"] == "int = 0"
    assert seen["lead"] == "bool = True"
    assert seen["first"] == "bool = True"
    assert seen["doubled"] == "int = 0"
    assert seen["workers"] == "int in [2, +∞]"


def test_other_ranks_know_only_what_holds_on_every_one_of_them() -> None:
    seen = values(SCRIPT, OTHER_RANK)
    assert seen["lead"] == "bool = False"
    assert seen["first"] == "bool"
    assert seen["rank"] == "int in [1, +∞]"
    assert seen["workers"] == "int in [2, +∞]"


def test_the_ordinary_analysis_keeps_rank_conditions_unknown() -> None:
    result = analyse(SCRIPT + "if rank == 0:\n    only_zero = 1\nprint(only_zero)\n")
    assert [d.code for d in result.diagnostics if d.code == "name-error"] == []


def test_only_distributed_modules_are_projected() -> None:
    assert uses_distribution(ast.parse("import horovod.torch as hvd"))
    assert uses_distribution(ast.parse("from torch import distributed as dist"))
    assert uses_distribution(ast.parse("from torch.distributed import all_reduce"))
    assert not uses_distribution(ast.parse("import torch\nimport tensorflow as tf"))


def test_hover_says_a_value_is_rank_varying() -> None:
    result = analyse(SCRIPT)
    fact = result.hover_at(Position(6, 0))
    assert fact is not None
    assert "rank-varying: True on rank 0, False on the other ranks" in fact.plaintext
    uniform = result.hover_at(Position(4, 0))
    assert uniform is not None and "rank-varying" not in uniform.plaintext


RANK_BRANCHES = textwrap.dedent(
    """\
    import horovod.tensorflow as hvd

    hvd.init()
    if hvd.rank() == 0:
        print("saving")
    else:
        print("waiting")
    if hvd.local_rank() == 0:
        print("first on its host")
    """
)


def test_blocks_only_one_side_runs_are_faded_hints() -> None:
    hints = [d for d in analyse(RANK_BRANCHES).diagnostics if d.code == "rank-only"]
    assert [(d.span.start.line, d.severity, d.unnecessary) for d in hints] == [
        (4, Severity.HINT, True),
        (6, Severity.HINT, True),
    ]
    assert "only rank 0 runs this" in hints[0].message
    assert "only the ranks other than 0 run this" in hints[1].message


PROGRAM = textwrap.dedent(
    """\
    import sys

    import horovod.tensorflow as hvd


    def main():
        hvd.init()
        if hvd.rank() == 0:
            # rank 0 keeps the checkpoints
            print("checkpoint")
        elif hvd.size() > 8:
            print("large run")
        else:
            print("worker")
        verbose = 1 if hvd.rank() == 0 else 0
        if hvd.rank() != 0:
            sys.exit(0)
        print(verbose)  # rank 0 only


    if __name__ == "__main__":
        main()
    """
)


def test_rank_zero_program_keeps_its_branches_and_comments() -> None:
    assert projected_program(PROGRAM, 0) == textwrap.dedent(
        """\
        import sys

        import horovod.tensorflow as hvd


        def main():
            hvd.init()
            # rank 0 keeps the checkpoints
            print("checkpoint")
            verbose = 1
            print(verbose)  # rank 0 only


        if __name__ == "__main__":
            main()
        """
    )


def test_other_ranks_program_turns_the_elif_into_an_if_and_ends_at_the_exit() -> None:
    projected = projected_program(PROGRAM, 3)
    assert projected == textwrap.dedent(
        """\
        import sys

        import horovod.tensorflow as hvd


        def main():
            hvd.init()
            if hvd.size() > 8:
                print("large run")
            else:
                print("worker")
            verbose = 0
            sys.exit(0)


        if __name__ == "__main__":
            main()
        """
    )
    ast.parse(projected)


def test_a_block_left_empty_gets_pass() -> None:
    source = "import horovod.torch as hvd\n\nfor step in range(3):\n    if hvd.rank() == 0:\n        print(step)\n"
    projected = projected_program(source, 1)
    assert projected.endswith("for step in range(3):\n    pass\n")
    ast.parse(projected)


def test_a_module_without_distribution_is_unchanged() -> None:
    source = "x = 1\nif x:\n    print(x)\n"
    assert projected_program(source, 0) == source


def final_kinds(source: str, rank: int) -> tuple[list[str], bool]:
    projection = project(ast.parse(source), SourceText(source), AnalysisSettings(), rank)
    trace = projection.final_trace()
    assert trace is not None
    return [event.kind for event in trace.events], trace.complete


def test_a_collective_on_one_path_of_an_unknown_branch_ends_what_is_certain() -> None:
    source = textwrap.dedent(
        """\
        import os

        import horovod.tensorflow as hvd

        hvd.init()
        hvd.barrier()
        if os.environ.get("SYNC"):
            hvd.allreduce(1.0)
        hvd.barrier()
        """
    )
    assert final_kinds(source, RANK_ZERO) == (["barrier"], False)


def test_a_rank_branch_is_decided_in_each_projection() -> None:
    source = textwrap.dedent(
        """\
        import horovod.tensorflow as hvd

        hvd.init()
        if hvd.rank() == 0:
            hvd.allgather(1.0)
        hvd.barrier()
        for step in range(3):
            hvd.allreduce(1.0)
        """
    )
    assert final_kinds(source, RANK_ZERO) == (
        ["allgather", "barrier", "allreduce", "allreduce", "allreduce"],
        True,
    )
    assert final_kinds(source, OTHER_RANK) == (
        ["barrier", "allreduce", "allreduce", "allreduce"],
        True,
    )


def test_a_loop_of_unknown_length_widens_to_unknown_from_its_entry() -> None:
    source = textwrap.dedent(
        """\
        import sys

        import horovod.tensorflow as hvd

        hvd.init()
        hvd.barrier()
        for argument in sys.argv:
            hvd.allreduce(1.0)
        """
    )
    assert final_kinds(source, RANK_ZERO) == (["barrier"], False)


def test_a_call_depending_on_the_rank_is_analysed_again_in_the_second_projection() -> None:
    """The projections share their call summaries only for calls that do not read the rank."""
    source = textwrap.dedent(
        """\
        import horovod.tensorflow as hvd

        hvd.init()


        def leads(offset):
            return hvd.rank() + offset == 0


        def first_on_host(offset):
            return hvd.local_rank() + offset == 0


        def scaled(value):
            return value * 2


        lead = leads(0)
        first = first_on_host(0)
        base = scaled(3)
        """
    )
    tree = ast.parse(source)
    text = SourceText(source)
    memo = CallMemo()
    zero = project(tree, text, AnalysisSettings(), RANK_ZERO, memo=memo)
    other = project(tree, text, AnalysisSettings(), OTHER_RANK, memo=memo)
    assigned = {
        node.targets[0].id: node.value
        for node in tree.body
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
    }
    seen = {
        name: (zero.value(node_key(value)), other.value(node_key(value)))
        for name, value in assigned.items()
    }
    described = {
        name: tuple(value.describe() if value is not None else "unreached" for value in pair)
        for name, pair in seen.items()
    }
    assert described == {
        "lead": ("bool = True", "bool = False"),
        "first": ("bool = True", "bool"),
        "base": ("int = 6", "int = 6"),
    }
    assert memo.hits >= 1


def test_a_module_reading_no_rank_is_not_projected() -> None:
    """Without a rank source both projections would run the same: nothing to compare."""
    source = textwrap.dedent(
        """\
        import horovod.tensorflow as hvd
        import tensorflow as tf

        hvd.init()
        total = hvd.allreduce(tf.ones([2, 3]))
        """
    )
    tree = ast.parse(source)
    text = SourceText(source)
    assert check_ranks(tree, text, AnalysisSettings(), None).projections == ()
    assert projected_program(source, 1) == source
    with_rank = source + "if hvd.rank() == 0:\n    print(total)\n"
    assert (
        len(
            check_ranks(
                ast.parse(with_rank), SourceText(with_rank), AnalysisSettings(), None
            ).projections
        )
        == 2
    )
