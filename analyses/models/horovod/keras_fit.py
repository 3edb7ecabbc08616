"""Keras ``fit`` as a collective point: the Horovod callbacks it is given run collectives
(``BroadcastGlobalVariablesCallback`` broadcasts the variables after the first batch,
``MetricAverageCallback`` allreduces the metrics after each epoch), so every rank must give the
same ones.

``Model.fit`` records one ``keras_fit`` event named by the Horovod callbacks of its ``callbacks``
list, in order; two ranks reaching ``fit`` with different ones certainly mismatch. A callbacks
list of unknown items makes the trace unknown from here. The steps' own allreduces (with a
``DistributedOptimizer``) are not recorded: both ranks' ``fit`` at the same position run them.
"""

from __future__ import annotations

from ...domains.none import NONE
from ...interpreter.natives import CallContext
from . import trace
from .wrappers import HorovodCallback

COLLECTIVE_CALLBACKS = ("BroadcastGlobalVariablesCallback", "MetricAverageCallback")
CALLBACKS_POSITION = 5


def record_fit(ctx: CallContext) -> None:
    """Record ``model.fit(...)`` (in a rank projection)."""
    if ctx.rank_projection is None:
        return
    callbacks = ctx.arg(CALLBACKS_POSITION, "callbacks", NONE)
    items = [] if callbacks is NONE else ctx.sequence_items(callbacks)
    if items is None:
        trace.unknown_from_here(ctx)
        return
    names = [
        item.callback
        for item in items
        if isinstance(item, HorovodCallback) and item.callback in COLLECTIVE_CALLBACKS
    ]
    described = ", ".join(names) if names else "no Horovod callback"
    trace.record(ctx, trace.KERAS_FIT, "Model.fit", name=ctx.make_str(described))
