"""Ints related to the world size in the rank projections (``models.world_size``): the affine
arithmetic, the shares of ``[rank::size]`` and ``shard(size, rank)``, and the loops they decide."""

from __future__ import annotations

import ast
import textwrap

import pytest
from tensorls.analyses import AnalysisSettings
from tensorls.analyses.arrays.dims import UNKNOWN
from tensorls.analyses.domains.none import NONE
from tensorls.analyses.domains.numbers import IntValue
from tensorls.analyses.interpreter.core.hovers import node_key
from tensorls.analyses.interpreter.semantics import operators
from tensorls.analyses.models.world_size import (
    OTHER_RANK,
    SIZE,
    SizeMultiple,
    affine,
    strided_count,
)
from tensorls.analyses.ranks.loops import iterations
from tensorls.analyses.ranks.projections import OTHER_RANK as OTHER_PROJECTION
from tensorls.analyses.ranks.projections import RANK_ZERO, project
from tensorls.analyses.text import SourceText


def binary(op: str, left: IntValue, right: IntValue) -> IntValue:
    outcome = operators.binary(op, left, right)
    assert isinstance(outcome, operators.Outcome)
    assert isinstance(outcome.value, IntValue)
    return outcome.value


def test_affine_arithmetic_keeps_the_form_and_todays_interval() -> None:
    examples = binary("Add", binary("Mult", SIZE, IntValue.constant_of(10)), IntValue(1, 1))
    assert examples == SizeMultiple(21, None, 10, 1)
    doubled = binary("Mult", IntValue.constant_of(2), examples)
    assert (doubled.coefficient, doubled.offset, doubled.low) == (20, 2, 42)  # type: ignore[attr-defined]
    assert binary("Sub", examples, binary("Mult", SIZE, IntValue.constant_of(10))) == IntValue(1, 1)
    assert binary("Sub", IntValue.constant_of(0), SIZE) == SizeMultiple(None, -2, -1, 0)


@pytest.mark.parametrize(
    ("op", "right", "expected"),
    [
        ("Mult", SIZE, IntValue()),  # size * size: not affine, the interval of today (unbounded)
        ("FloorDiv", IntValue.constant_of(2), IntValue(0, None)),
        ("Add", IntValue(0, 3), IntValue(2, None)),  # an interval loses the relation
    ],
)
def test_anything_else_is_the_interval_result(op: str, right: IntValue, expected: IntValue) -> None:
    result = binary(op, SIZE, right)
    assert type(result) is IntValue and result == expected


def test_a_plain_interval_is_never_below_a_related_int() -> None:
    assert SIZE.leq(IntValue(2, None)) and OTHER_RANK.leq(IntValue(1, None))
    assert not IntValue(2, None).leq(SIZE) and not IntValue(1, None).leq(OTHER_RANK)
    assert SIZE.join(SIZE) is SIZE and OTHER_RANK.join(OTHER_RANK) is OTHER_RANK
    assert type(SIZE.join(affine(1, 1))) is IntValue


@pytest.mark.parametrize(
    ("coefficient", "offset", "rank_zero", "others"),
    [
        (10, 1, 11, 10),  # one more example than the shards: rank 0 gets it
        (10, 0, 10, 10),  # evenly divisible
        (4, 2, 5, None),  # 4 * size + 2: rank 1 gets one more when size >= 3, not when size = 2
        (1, 3, None, None),  # size + 3: 3 on rank 0 when size = 2, 2 when size = 3
        (0, 21, None, None),  # a constant count: the shares depend on the size
        (-1, 30, None, None),  # may be negative for large sizes
    ],
)
def test_strided_counts_are_decided_only_for_every_size(
    coefficient: int, offset: int, rank_zero: int | None, others: int | None
) -> None:
    assert strided_count(coefficient, offset, True) == rank_zero
    assert strided_count(coefficient, offset, False) == others


@pytest.mark.parametrize("coefficient", range(0, 4))
@pytest.mark.parametrize("offset", range(-8, 9))
def test_a_decided_count_holds_for_every_size_and_rank_tried(coefficient: int, offset: int) -> None:
    for first_rank in (True, False):
        count = strided_count(coefficient, offset, first_rank)
        if count is None:
            continue
        for size in range(2, 60):
            total = coefficient * size + offset
            assert total >= 0
            ranks = [0] if first_rank else range(1, size)
            assert {len(range(rank, total, size)) for rank in ranks} == {count}


def test_sliced_length_needs_the_rank_and_the_size() -> None:
    examples = affine(10, 1)
    assert examples.sliced_length(IntValue.constant_of(0), NONE, SIZE) == IntValue(11, 11)
    assert examples.sliced_length(OTHER_RANK, NONE, SIZE) == IntValue(10, 10)
    assert examples.sliced_length(IntValue(1, None), NONE, SIZE) is None
    assert examples.sliced_length(OTHER_RANK, NONE, affine(2, 0)) is None
    assert examples.sliced_length(OTHER_RANK, IntValue.constant_of(5), SIZE) is None


def loop_counts(source: str) -> list[tuple[tuple[int, int | None] | None, ...]]:
    """Each loop's iteration count in the rank-0 projection and in the other one."""
    source = textwrap.dedent(source)
    tree = ast.parse(source)
    projections = [
        project(tree, SourceText(source), AnalysisSettings(), rank)
        for rank in (RANK_ZERO, OTHER_PROJECTION)
    ]
    loops = [node for node in ast.walk(tree) if isinstance(node, ast.For)]
    return [
        tuple(iterations(projection.value(node_key(loop.iter))) for projection in projections)
        for loop in loops
    ]


def test_loop_counts_over_shards_of_tf_data() -> None:
    counts = loop_counts(
        """\
        import horovod.tensorflow as hvd
        import numpy as np
        import tensorflow as tf

        hvd.init()
        n = hvd.size() * 10 + 1
        features = np.zeros((n, 2), dtype=np.float32)
        shards = tf.data.Dataset.from_tensor_slices(features).shard(hvd.size(), hvd.rank())
        for x in shards:
            pass
        for x in shards.batch(4):
            pass
        for x in shards.batch(4, drop_remainder=True):
            pass
        for x in tf.data.Dataset.range(hvd.size() * 10).shard(hvd.size(), hvd.rank()):
            pass
        for x in tf.data.Dataset.range(hvd.size() + 3).shard(hvd.size(), hvd.rank()):
            pass
        for x in tf.data.Dataset.range(n).shard(2, hvd.rank()):
            pass
        plus_one = tf.data.Dataset.range(hvd.size() + 1).shard(hvd.size(), hvd.rank())
        for x in plus_one.batch(2, drop_remainder=True):
            pass
        for x in plus_one.batch(3, drop_remainder=True):
            pass
        for x in tf.data.Dataset.range(4 * hvd.size() + 2).shard(hvd.size(), hvd.rank()):
            pass
        """
    )
    assert counts == [
        ((11, 11), (10, 10)),
        ((3, 3), (3, 3)),
        ((2, 2), (2, 2)),
        ((10, 10), (10, 10)),
        (None, None),  # size + 3: depends on the size
        (None, None),  # two shards whatever the size: the rank may exceed them
        ((1, 1), (0, 0)),  # size + 1: 2 examples on rank 0, 1 on the others
        ((0, 0), (0, 0)),  # ... in batches of 3 dropping the remainder: none anywhere
        ((5, 5), None),  # 4 * size + 2: rank 1 has 5 and rank size - 1 has 4 when size >= 3
    ]


def test_loop_counts_over_lists_and_ranges_split_by_hand() -> None:
    counts = loop_counts(
        """\
        import torch.distributed as dist

        rank, size = dist.get_rank(), dist.get_world_size()
        n = 2 * size * 5 + 1
        mine = list(range(n))[rank::size]
        for i in range(0, len(mine), 2):
            pass
        for i in range(rank, n, size):
            pass
        for i in range(rank, n + size - 1, size):
            pass
        for i in list(range(n))[rank + 1 :: size]:
            pass
        """
    )
    assert counts == [
        ((6, 6), (5, 5)),
        ((11, 11), (10, 10)),
        ((11, 11), (11, 11)),
        ((0, None), (0, None)),  # [rank + 1 :: size]: any length
    ]


def test_loop_counts_over_array_lengths_and_tensor_dimensions() -> None:
    counts = loop_counts(
        """\
        import numpy as np
        import torch
        import torch.distributed as dist

        rank, size = dist.get_rank(), dist.get_world_size()
        features = np.zeros((size * 10 + 1, 2))
        scores = torch.randn(3 * size + 1, 4)
        for i in list(range(len(features)))[rank::size]:
            pass
        for i in range(rank, scores.shape[0], size):
            pass
        for i in range(rank, len(scores) * len(scores), size):
            pass
        for i in range(0, len(features[rank::size]), 2):
            pass
        for i in range(scores[rank::size, :2].shape[0]):
            pass
        for i in range(len(features[rank::size - 1])):
            pass
        """
    )
    assert counts == [
        ((11, 11), (10, 10)),
        ((4, 4), (3, 3)),
        (None, None),
        ((6, 6), (5, 5)),
        ((4, 4), (3, 3)),
        ((0, None), (0, None)),  # a step of size - 1: not the shares of the ranks
    ]


def test_loop_counts_over_data_loaders_of_tensor_shares() -> None:
    counts = loop_counts(
        """\
        import torch
        import torch.distributed as dist
        from torch.utils.data import DataLoader, TensorDataset

        rank, size = dist.get_rank(), dist.get_world_size()
        share = TensorDataset(torch.randn(6 * size + 1, 3)[rank::size])
        for batch in DataLoader(share, batch_size=2):
            pass
        for batch in DataLoader(share, batch_size=2, drop_last=True):
            pass
        for batch in DataLoader(TensorDataset(torch.randn(6 * size + 1, 3)), batch_size=2):
            pass
        """
    )
    assert counts == [((4, 4), (3, 3)), ((3, 3), (3, 3)), (None, None)]


def test_the_batch_of_one_partial_shard_has_its_certain_rows() -> None:
    source = textwrap.dedent(
        """\
        import horovod.tensorflow as hvd
        import numpy as np
        import tensorflow as tf

        hvd.init()
        n = hvd.size() * 10 + 1
        shards = tf.data.Dataset.from_tensor_slices(np.zeros((n, 2), np.float32))
        first = next(iter(shards.shard(hvd.size(), hvd.rank()).batch(64)))
        some = next(iter(shards.shard(hvd.size(), hvd.rank()).batch(4)))
        """
    )
    tree = ast.parse(source)
    shapes = []
    for rank in (RANK_ZERO, OTHER_PROJECTION):
        projection = project(tree, SourceText(source), AnalysisSettings(), rank)
        assigned = [node for node in tree.body if isinstance(node, ast.Assign)][-2:]
        shapes.append(
            [getattr(projection.value(node_key(node.value)), "shape", None) for node in assigned]
        )
    assert shapes == [[(11, 2), (UNKNOWN, 2)], [(10, 2), (UNKNOWN, 2)]]


def test_a_subgroup_rank_and_size_are_plain_intervals() -> None:
    counts = loop_counts(
        """\
        import torch.distributed as dist

        group = dist.new_group([0, 1])
        rank, size = dist.get_rank(group), dist.get_world_size(group=group)
        for i in range(rank, 10 * size + 1, size):
            pass
        for i in range(dist.get_rank(), 10 * dist.get_world_size(None) + 1, dist.get_world_size()):
            pass
        """
    )
    assert counts == [(None, None), ((11, 11), (10, 10))]
