"""The values of a process's place in a distributed run, as each analysis sees them.

The ordinary analysis (``ctx.rank_projection`` None) covers every rank and runs of any size,
including a plain ``python script.py`` where Horovod's size is 1: ``rank()`` is an int >= 0 and
``size()`` an int >= 1. A rank projection covers runs of two or more processes: ``size()`` is an
int >= 2 that keeps its relation to ints computed from it (``10 * size() + 1``), ``rank()`` is 0
in the rank-0 projection and an int in [1, size - 1] in the other (``world_size``: both have the
intervals [2, +∞] and [1, +∞] for every other use).

``local_rank()`` and ``cross_rank()`` are 0 on rank 0: horovodrun, mpirun and torchrun place rank
0 first on the first host. On the other ranks they are any int >= 0 (another host's first process
has local rank 0), so a condition on them is never decided there.

``dist.is_initialized()`` is True on a path after ``init_process_group`` and False after
``destroy_process_group`` (``hvd.is_initialized()`` likewise after ``hvd.init()`` and
``hvd.shutdown()``); elsewhere unknown (a library or another module may have initialised
the group). ``dist.is_available()`` is True in the projections (a run of two or more processes
through ``torch.distributed`` has it) and unknown in the ordinary analysis. These decide the
usual helpers (``def get_rank(): if not dist.is_available() or not dist.is_initialized(): return
0; return dist.get_rank()``).
"""

from __future__ import annotations

from ...domains.base import AbstractValue
from ...domains.bools import ANY_BOOL, FALSE, TRUE
from ...domains.none import NONE
from ...domains.numbers import IntValue
from ...interpreter.core.model_state import PROJECTED_RANK
from ...interpreter.natives import CallContext
from ..world_size import OTHER_RANK, SIZE


def projected_rank(ctx: CallContext) -> int | None:
    """The projection's rank (0, or 1 for any rank r >= 1; None outside the projections), read
    from the model state ``PROJECTED_RANK`` (see ``interpreter.model_state``): a call summary
    that depends on it is then not replayed in the other projection."""
    projection = ctx.rank_projection
    if projection is None:
        return None
    stored = ctx.model_state(PROJECTED_RANK, IntValue.constant_of(projection))
    return stored.constant if isinstance(stored, IntValue) else projection


def rank(ctx: CallContext) -> AbstractValue:
    """``hvd.rank()``, ``dist.get_rank()``."""
    projection = projected_rank(ctx)
    if projection is None:
        return IntValue(0, None)
    return IntValue.constant_of(0) if projection == 0 else OTHER_RANK


def first_host_rank(ctx: CallContext) -> AbstractValue:
    """``hvd.local_rank()``, ``hvd.cross_rank()``: 0 on rank 0, unknown elsewhere."""
    if projected_rank(ctx) == 0:
        return IntValue.constant_of(0)
    return IntValue(0, None)


def size(ctx: CallContext) -> AbstractValue:
    """``hvd.size()``, ``dist.get_world_size()``."""
    return IntValue(1, None) if ctx.rank_projection is None else SIZE


def group_rank(ctx: CallContext) -> AbstractValue:
    """``dist.get_rank(group=None)``: the rank, or for a subgroup the interval alone (a group's
    rank is not the process's rank, nor below the world size's relation)."""
    return _interval_for_group(ctx, rank(ctx))


def group_size(ctx: CallContext) -> AbstractValue:
    """``dist.get_world_size(group=None)``: the size, or for a subgroup its interval alone."""
    return _interval_for_group(ctx, size(ctx))


def _interval_for_group(ctx: CallContext, value: AbstractValue) -> AbstractValue:
    group = ctx.arg(0, "group")
    if group is None or group is NONE or not isinstance(value, IntValue):
        return value
    return IntValue(value.low, value.high)


def local_size(ctx: CallContext) -> AbstractValue:
    """``hvd.local_size()``, ``hvd.cross_size()``: at least 1."""
    return IntValue(1, None)


PROCESS_GROUP = "torch.distributed process group"
"""The model state holding whether the default process group is initialised on the path."""
HOROVOD_STARTED = "horovod initialised"
"""The model state holding whether ``hvd.init()`` ran on the path (``hvd.shutdown()`` undoes it)."""


def horovod_init(ctx: CallContext) -> AbstractValue:
    """``hvd.init()``: ``hvd.is_initialized()`` is True from here on."""
    ctx.set_model_state(HOROVOD_STARTED, TRUE)
    return NONE


def horovod_shutdown(ctx: CallContext) -> AbstractValue:
    """``hvd.shutdown()``: ``hvd.is_initialized()`` is False from here on."""
    ctx.set_model_state(HOROVOD_STARTED, FALSE)
    return NONE


def horovod_is_initialized(ctx: CallContext) -> AbstractValue:
    """``hvd.is_initialized()``: as the path left it, unknown where nothing decided it."""
    return ctx.model_state(HOROVOD_STARTED, ANY_BOOL)


def init_process_group(ctx: CallContext) -> AbstractValue:
    """``dist.init_process_group(...)``: the default group is initialised from here on."""
    ctx.set_model_state(PROCESS_GROUP, TRUE)
    return NONE


def destroy_process_group(ctx: CallContext) -> AbstractValue:
    """``dist.destroy_process_group(group=None)``: the default group is gone (a subgroup's
    destruction leaves it as it was)."""
    group = ctx.arg(0, "group")
    if group is None or group is NONE:
        ctx.set_model_state(PROCESS_GROUP, FALSE)
    return NONE


def is_initialized(ctx: CallContext) -> AbstractValue:
    """``dist.is_initialized()``: as the path left it, unknown where nothing decided it."""
    return ctx.model_state(PROCESS_GROUP, ANY_BOOL)


def is_available(ctx: CallContext) -> AbstractValue:
    """``dist.is_available()``: True in the rank projections, unknown otherwise."""
    return ANY_BOOL if ctx.rank_projection is None else TRUE
