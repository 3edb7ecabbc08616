"""Keras training as collective points.

A model compiled with a ``hvd.DistributedOptimizer`` averages its gradients over the ranks at
every step: ``train_on_batch`` is one allreduce; ``fit`` is one ``keras_fit`` event (its number of
steps is assumed equal on every rank reaching the same ``fit``). The Horovod callbacks a ``fit``
is given run collectives too (``BroadcastGlobalVariablesCallback`` broadcasts the variables after
the first batch, ``MetricAverageCallback`` allreduces the metrics after each epoch): each is an
event after the ``fit`` event, so a callback only some ranks give is a collective only they reach.
A callbacks list of unknown items makes the trace unknown from there.

Which models are compiled with a distributed optimizer is a model state: the set of their
``compile`` records (heap references), joined by intersection (certain on every path).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...interpreter.natives import CallContext
from . import trace
from .wrappers import DistributedWrapper, HorovodCallback

CALLBACK_COLLECTIVES = {
    "BroadcastGlobalVariablesCallback": "broadcast_variables",
    "MetricAverageCallback": "allreduce",
}
CALLBACKS_POSITION = 5
DISTRIBUTED_MODELS = "models with a distributed optimizer"


@dataclass(frozen=True, slots=True)
class DistributedModels(AbstractValue):
    """The models (by their ``compile`` record) certainly compiled with a distributed
    optimizer on every path so far."""

    records: frozenset[AbstractValue] = frozenset()

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, DistributedModels):
            return TOP
        return DistributedModels(self.records & other.records)

    def leq(self, other: AbstractValue) -> bool:
        return other is TOP or (
            isinstance(other, DistributedModels) and other.records <= self.records
        )


def record_compile(record: AbstractValue, ctx: CallContext) -> None:
    """``model.compile(optimizer=...)``: remember whether the optimizer is distributed."""
    if ctx.rank_projection is None or record is TOP:
        return
    models = ctx.model_state(DISTRIBUTED_MODELS, DistributedModels())
    known = models.records if isinstance(models, DistributedModels) else frozenset()
    optimizer = ctx.arg(0, "optimizer")
    distributed = (
        isinstance(optimizer, DistributedWrapper) and optimizer.wrapper == "DistributedOptimizer"
    )
    updated = known | {record} if distributed else known - {record}
    ctx.set_model_state(DISTRIBUTED_MODELS, DistributedModels(updated))


def record_training(record: AbstractValue, method: str, ctx: CallContext) -> None:
    """``model.fit(...)`` or ``model.train_on_batch(...)`` (in a rank projection)."""
    if ctx.rank_projection is None:
        return
    if method == "train_on_batch":
        models = ctx.model_state(DISTRIBUTED_MODELS, DistributedModels())
        if isinstance(models, DistributedModels) and record in models.records:
            trace.record(ctx, "allreduce", "Model.train_on_batch")
        return
    if method != "fit":
        return
    callbacks = ctx.arg(CALLBACKS_POSITION, "callbacks", NONE)
    items = [] if callbacks is NONE else ctx.sequence_items(callbacks)
    trace.record(ctx, trace.KERAS_FIT, "Model.fit")
    if items is None:
        trace.unknown_from_here(ctx)
        return
    for item in items:
        if isinstance(item, HorovodCallback) and item.callback in CALLBACK_COLLECTIVES:
            trace.record(ctx, CALLBACK_COLLECTIVES[item.callback], item.callback)
