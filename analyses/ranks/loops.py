"""Loops whose number of iterations certainly differs between rank 0 and the other ranks while
every iteration reaches a collective (``for step in range(4 + hvd.rank())`` around a
``DistributedGradientTape`` step): the side running more iterations reaches a collective the
other never does.

The iteration count is known for a ``range`` with a constant start and positive step (as an
interval from its stop) or of ``range(rank, a * size + b, size)``, for a tuple or list (its
length's interval), a torch ``DataLoader`` of a known number of batches and a ``tf.data`` dataset
of known cardinality (``shard(size, rank)`` of ``10 * size + 1`` elements: 11 on rank 0, 10 on
the others, ``models.world_size``). Every iteration reaches a collective when the loop body has
no ``break``, ``continue``, ``return`` or ``raise`` and one of its statements run on every
iteration (directly in the body or in a ``with`` block in it) contains a collective call some
projection recorded.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..domains.base import AbstractValue
from ..domains.none import NONE
from ..domains.numbers import IntValue
from ..domains.sequences import SequenceValue
from ..facts import Span
from ..interpreter.core.hovers import node_key
from ..models.tensorflow.datasets import DatasetValue
from ..models.torch.data import DataLoaderValue
from ..text import SourceText
from .projections import Projection

Interval = tuple[int, int | None]
LEAVING = (ast.Break, ast.Continue, ast.Return, ast.Raise)
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


@dataclass(frozen=True)
class LoopCollective:
    span: Span
    api: str


@dataclass(frozen=True)
class RankDependentLoop:
    node: ast.For
    counts: tuple[str, str]
    """The iteration counts of rank 0 and of the other ranks, as words."""
    collective: LoopCollective


def rank_dependent_loops(
    tree: ast.Module,
    projections: Sequence[Projection],
    collective_sites: Mapping[Span, str],
    text: SourceText,
) -> Iterator[RankDependentLoop]:
    """The loops of ``tree`` with certainly different iteration counts and a collective reached
    on every iteration, in source order."""
    loops = sorted(
        (node for node in ast.walk(tree) if isinstance(node, ast.For)),
        key=lambda node: (node.lineno, node.col_offset),
    )
    for loop in loops:
        counts = [iterations(projection.value(node_key(loop.iter))) for projection in projections]
        zero, other = counts
        if zero is None or other is None or not _disjoint(zero, other):
            continue
        if any(isinstance(node, LEAVING) for node in _body_nodes(loop.body)):
            continue
        collective = every_run_collective(loop.body, collective_sites, text)
        if collective is not None:
            yield RankDependentLoop(loop, (_words(zero), _words(other)), collective)


def iterations(value: AbstractValue | None) -> Interval | None:
    """How many items iterating over ``value`` gives, when known."""
    if isinstance(value, SequenceValue) and value.items is not None:
        return (len(value.items), len(value.items))
    if isinstance(value, SequenceValue):
        return (value.length.low or 0, value.length.high)
    if isinstance(value, DataLoaderValue):
        return (value.count, value.count) if isinstance(value.count, int) else None
    if isinstance(value, DatasetValue):
        return (value.count, value.count) if value.count is not None and value.count >= 0 else None
    start = getattr(value, "start", None)
    stop = getattr(value, "stop", None)
    step = getattr(value, "step", None)
    if not (
        isinstance(start, IntValue) and isinstance(stop, IntValue) and isinstance(step, IntValue)
    ):
        return None
    share = stop.sliced_length(start, NONE, step)
    if share is not None and share.constant is not None:
        return (share.constant, share.constant)
    stride = step.constant
    if stride is None or stride < 1 or start.constant is None or stop.low is None:
        return None
    low = _count(start.constant, stop.low, stride)
    high = None if stop.high is None else _count(start.constant, stop.high, stride)
    return (low, high)


def _count(start: int, stop: int, stride: int) -> int:
    """``len(range(start, stop, stride))`` for a positive ``stride`` (without building it)."""
    return max(0, -((start - stop) // stride))


def _disjoint(a: Interval, b: Interval) -> bool:
    return (a[1] is not None and a[1] < b[0]) or (b[1] is not None and b[1] < a[0])


def _words(interval: Interval) -> str:
    low, high = interval
    if low == high:
        return f"{low} time{'' if low == 1 else 's'}"
    if high is None:
        return f"at least {low} times"
    return f"{low} to {high} times"


def _body_nodes(body: list[ast.stmt]) -> Iterator[ast.AST]:
    """Every node of ``body`` outside nested functions, classes and loops (whose ``break`` and
    ``continue`` are their own)."""
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, SCOPES):
            continue
        if isinstance(node, (ast.For, ast.While, ast.AsyncFor)):
            stack.extend(
                child for child in ast.walk(node) if isinstance(child, (ast.Return, ast.Raise))
            )
            continue
        stack.extend(ast.iter_child_nodes(node))


def every_run_collective(
    body: list[ast.stmt], collective_sites: Mapping[Span, str], text: SourceText
) -> LoopCollective | None:
    """The first collective call of ``body`` that every run of it reaches (none when the block
    may leave early: ``break``, ``continue``, ``return``, ``raise``)."""
    if any(isinstance(node, LEAVING) for node in _body_nodes(body)):
        return None
    for statement in body:
        if isinstance(statement, (ast.With, ast.AsyncWith)):
            found = every_run_collective(statement.body, collective_sites, text)
            if found is not None:
                return found
            continue
        if isinstance(statement, (ast.If, ast.For, ast.While, ast.Try, ast.Match, *SCOPES)):
            continue
        for node in ast.walk(statement):
            if isinstance(node, ast.Call):
                span = text.span_of_node(node)
                if span in collective_sites:
                    return LoopCollective(span, collective_sites[span])
    return None
