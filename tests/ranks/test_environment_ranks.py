"""The launcher's variables in ``os.environ`` as rank sources: what each projection knows of
``RANK``, ``LOCAL_RANK`` and ``WORLD_SIZE``, what a default or a write of the script leaves
unknown, and the reports they lead to."""

from __future__ import annotations

import textwrap

from tensorls.analyses import analyse

from .test_corpus_reports import rank_reports
from .test_projections import values

READS = textwrap.dedent(
    """\
    import os
    import torch.distributed as dist

    dist.init_process_group("gloo")
    rank = int(os.environ["RANK"])
    local = int(os.environ["LOCAL_RANK"])
    world = int(os.environ["WORLD_SIZE"])
    text = os.environ["RANK"]
    lead = os.environ["RANK"] == "0"
    padded = os.environ["RANK"] != "01"
    defaulted = int(os.environ.get("RANK", "0"))
    checked = int(os.getenv("RANK"))
    other = os.environ["HOME"]
    """
)


def test_rank_zero_reads_its_rank_from_the_launcher_variables() -> None:
    seen = values(READS, 0)
    assert seen["rank"] == "int = 0"
    assert seen["local"] == "int = 0"
    assert seen["world"] == "int in [2, +∞]"
    assert seen["text"] == "str = '0'"
    assert seen["lead"] == "bool = True"
    assert seen["padded"] == "bool = True"
    assert seen["defaulted"] == "int = 0"
    assert seen["checked"] == "int = 0"
    assert seen["other"] == "unknown"


def test_other_ranks_read_the_text_of_a_rank_of_at_least_one() -> None:
    seen = values(READS, 1)
    assert seen["rank"] == "int in [1, +∞]"
    assert seen["local"] == "int in [0, +∞]"
    assert seen["world"] == "int in [2, +∞]"
    assert seen["text"] == "str of int in [1, +∞]"
    assert seen["lead"] == "bool = False"
    assert seen["padded"] == "bool = True"
    assert seen["defaulted"] == "int in [0, +∞]", "the default is read when RANK is unset"
    assert seen["checked"] == "int in [1, +∞]", "int(None) raises: a path going on read RANK"


def guarded_all_reduce(setup: str) -> str:
    """A script doing an all_reduce only where ``RANK`` reads "0", after ``setup``."""
    return textwrap.dedent(
        """\
        import os
        import torch
        import torch.distributed as dist

        dist.init_process_group("gloo")
        {setup}
        if int(os.environ["RANK"]) == 0:
            dist.all_reduce(torch.ones(2))
        """
    ).format(setup=setup)


def test_a_collective_under_the_launcher_rank_is_reported() -> None:
    assert rank_reports(guarded_all_reduce("")) == {(8, "rank-divergent-collective")}


def test_a_rank_the_script_writes_is_not_the_launcher_one() -> None:
    for setup in (
        'os.environ["RANK"] = "0"',
        'os.environ.setdefault("RANK", "0")',
        'os.environ.update({"RANK": "0"})',
        'os.environ["RANK" if torch.cuda.is_available() else "X"] = "0"',
    ):
        assert rank_reports(guarded_all_reduce(setup)) == set(), setup


def test_other_variables_written_keep_the_launcher_rank() -> None:
    source = guarded_all_reduce('os.environ["MASTER_ADDR"] = "localhost"')
    assert rank_reports(source) == {(8, "rank-divergent-collective")}


def test_a_default_rank_decides_nothing() -> None:
    source = guarded_all_reduce("").replace('os.environ["RANK"]', 'os.environ.get("RANK", 0)')
    assert rank_reports(source) == set()


def test_the_ordinary_analysis_keeps_the_launcher_rank_unknown() -> None:
    source = guarded_all_reduce("") + "    lead = True\nprint(lead)\n"
    assert [d.code for d in analyse(source).diagnostics if d.code == "name-error"] == []


def test_horovod_gloo_launcher_variables_are_rank_sources_too() -> None:
    source = textwrap.dedent(
        """\
        import os
        import horovod.tensorflow as hvd

        hvd.init()
        rank = int(os.environ["HOROVOD_RANK"])
        size = int(os.environ["HOROVOD_SIZE"])
        """
    )
    assert (values(source, 0)["rank"], values(source, 1)["rank"]) == ("int = 0", "int in [1, +∞]")
    assert values(source, 1)["size"] == "int in [2, +∞]"
