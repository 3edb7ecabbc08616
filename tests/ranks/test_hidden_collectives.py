"""The collectives hidden in PyTorch's data-parallel wrappers, and tensor sizes computed from the
rank, as the rank checks see them (the corpus checks the same patterns against real torchrun)."""

from __future__ import annotations

import textwrap

import pytest
from tensorls.analyses import analyse

from tests.ranks.test_corpus_reports import RANK_CODES

DDP_HEAD = """\
import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

dist.init_process_group("gloo")
rank = dist.get_rank()
"""


def reports(body: str, head: str = DDP_HEAD) -> set[tuple[int, str]]:
    source = head + textwrap.dedent(body)
    offset = head.count("\n")
    return {
        (diagnostic.span.start.line + 1 - offset, diagnostic.code)
        for diagnostic in analyse(source).diagnostics
        if diagnostic.code in RANK_CODES
    }


def test_a_backward_through_ddp_on_rank_zero_only_is_divergent() -> None:
    found = reports(
        """\
        model = DistributedDataParallel(nn.Linear(3, 1))
        if rank == 0:
            loss = model(torch.randn(4, 3)).sum()
            loss.backward()
        """
    )
    assert found == {(4, "rank-divergent-collective")}


def test_a_forward_of_a_module_without_buffers_on_rank_zero_is_not_reported() -> None:
    assert (
        reports(
            """\
            model = DistributedDataParallel(nn.Linear(3, 1))
            if rank == 0:
                with torch.no_grad():
                    print(model(torch.randn(4, 3)))
            """
        )
        == set()
    )


def test_the_wrapped_module_and_no_sync_hide_no_certain_collective() -> None:
    body = """\
        model = DistributedDataParallel(nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4)))
        if rank == 0:
            print(model.module(torch.randn(4, 3)))
        with model.no_sync():
            loss = model(torch.randn(4, 3)).sum()
        if rank == 0:
            loss.backward()
        """
    assert reports(body) == set()


def test_a_ddp_model_built_on_rank_zero_only_is_divergent() -> None:
    found = reports(
        """\
        if rank == 0:
            model = DistributedDataParallel(nn.Linear(3, 1))
        dist.barrier()
        """
    )
    assert (2, "rank-divergent-collective") in found


@pytest.mark.parametrize(
    ("creation", "operation", "expected"),
    [
        ("torch.ones(3 + rank)", "dist.all_reduce(tensor)", {(2, "collective-mismatch")}),
        (
            "torch.zeros((2, 3 + rank))",
            "dist.broadcast(tensor, src=0)",
            {(2, "collective-mismatch")},
        ),
        ("torch.full((3 + rank,), 1.0)", "dist.all_reduce(tensor)", {(2, "collective-mismatch")}),
        # equal sizes on every rank, or rank-dependent sizes the operation allows
        ("torch.ones(3 + 0 * rank)", "dist.all_reduce(tensor)", set()),
        ("torch.ones(3 + rank)[:3]", "dist.all_reduce(tensor)", set()),
        ("torch.ones(3 + rank).sum(0, keepdim=True)", "dist.all_reduce(tensor)", set()),
        ("torch.ones(3 + rank, 2)[0]", "dist.all_reduce(tensor)", set()),
        ("torch.ones(max(3, rank))", "dist.all_reduce(tensor)", set()),
    ],
)
def test_sizes_computed_from_the_rank(creation: str, operation: str, expected: set[object]) -> None:
    assert reports(f"tensor = {creation}\n{operation}\n") == expected


def test_an_allgather_allows_a_rank_dependent_first_dimension_only() -> None:
    head = "import horovod.tensorflow as hvd\nimport tensorflow as tf\n\nhvd.init()\n"
    assert reports("rows = hvd.allgather(tf.zeros((2 + hvd.rank(), 4)))\n", head) == set()
    assert reports("rows = hvd.allgather(tf.zeros((4, 2 + hvd.rank())))\n", head) == {
        (1, "collective-mismatch")
    }


def test_steps_computed_from_the_rank_inside_ddp_join_are_not_reported() -> None:
    """``ddp_model.join()`` lets the ranks make different numbers of steps."""
    body = """\
        model = DistributedDataParallel(nn.Linear(3, 1))
        with model.join():
            for step in range(2 + rank):
                model(torch.randn(4, 3)).sum().backward()
        """
    assert reports(body) == set()
    assert reports(body.replace("with model.join():", "if True:")) == {
        (4, "rank-divergent-collective")
    }


@pytest.mark.parametrize(
    ("loss", "expected"),
    [
        # the loss comes from the DDP output: the backward allreduces
        ("model(features).sum()", {(9, "rank-divergent-collective")}),
        ("criterion(output, targets)", {(9, "rank-divergent-collective")}),
        ("helper(model, features)", {(9, "rank-divergent-collective")}),
        # a loss of another model, or of a detached output: no DDP hook runs
        ("probe(features).sum()", set()),
        ("probe(output.detach()).sum()", set()),
    ],
)
def test_a_backward_is_a_collective_only_for_a_loss_from_the_ddp_output(
    loss: str, expected: set[object]
) -> None:
    body = f"""\
        model = DistributedDataParallel(nn.Linear(3, 1))
        probe, criterion = nn.Linear(3, 1), nn.MSELoss()
        def helper(wrapped, inputs):
            return wrapped(inputs).sum()
        features, targets = torch.randn(4, 3), torch.randn(4, 1)
        output = model(features)
        if rank == 0:
            loss = {loss}
            loss.backward()
        """
    assert reports(body) == expected


def test_ddp_constructor_options_that_change_its_collectives() -> None:
    """``init_sync=False`` skips the constructor's synchronisation; a subgroup's wrapper is not
    modelled (the trace is unknown from it)."""
    constructed_on_rank_zero = """\
        if rank == 0:
            model = DistributedDataParallel(nn.Linear(3, 1){options})
        dist.barrier()
        """
    assert reports(constructed_on_rank_zero.format(options="")) == {
        (2, "rank-divergent-collective")
    }
    assert reports(constructed_on_rank_zero.format(options=", init_sync=False")) == set()
    group = ", process_group=dist.new_group([0])"
    assert reports(constructed_on_rank_zero.format(options=group)) == set()


def test_fsdp_sharding_strategy_is_its_third_argument() -> None:
    head = (
        DDP_HEAD + "from torch.distributed.fsdp import FullyShardedDataParallel, ShardingStrategy\n"
    )
    body = """\
        model = FullyShardedDataParallel(nn.Linear(3, 1){options})
        if rank == 0:
            print(model(torch.randn(4, 3)))
        """
    assert reports(body.format(options=""), head) == {(3, "rank-divergent-collective")}
    no_shard = ", None, ShardingStrategy.NO_SHARD"
    assert reports(body.format(options=no_shard), head) == set()


GRAPH_HEAD = """\
import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
"""


@pytest.mark.parametrize(
    ("decorator", "name", "expected"),
    [
        ("@tf.function", 'f"loss_{hvd.rank()}"', {(4, "collective-mismatch")}),
        (
            "@tf.function(jit_compile=False)",
            'f"loss_{hvd.rank() + 1}"',
            {(4, "collective-mismatch")},
        ),
        # the same name on every rank, a name the rank may not change, or eager mode
        ("@tf.function", 'f"loss_{hvd.size()}"', set()),
        ("@tf.function", 'f"loss_{hvd.rank() * 0}"', set()),
        ("@tf.function", 'f"loss_{hvd.rank():03d}"', set()),
        ("", 'f"loss_{hvd.rank()}"', set()),
    ],
)
def test_graph_mode_names_computed_from_the_rank(
    decorator: str, name: str, expected: set[object]
) -> None:
    body = f"""\
        {decorator}
        def step(value):
            value = value * 2.0
            return hvd.allreduce(value, name={name})
        print(step(tf.ones([2])))
        """
    assert reports(body, GRAPH_HEAD) == expected


def test_graph_mode_names_are_not_compared_when_functions_run_eagerly() -> None:
    body = """\
        tf.config.run_functions_eagerly(True)
        @tf.function
        def step(value):
            return hvd.allreduce(value, name=f"loss_{hvd.rank()}")
        print(step(tf.ones([2])))
        """
    assert reports(body, GRAPH_HEAD) == set()
