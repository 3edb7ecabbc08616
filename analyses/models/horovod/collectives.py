"""Horovod's and ``torch.distributed``'s collective operations: each records an event in the
collective trace (in a rank projection) and gives its result.

Results on TensorFlow tensors follow Horovod: ``allreduce`` and ``broadcast`` keep the tensor's
shape and dtype, ``allgather`` concatenates along the first dimension (unknown: the other ranks'
first dimensions are not known); anything else is ⊤. ``torch.distributed`` operations work in
place and return None (or a work handle with ``async_op=True``, ⊤).
"""

from __future__ import annotations

from collections.abc import Callable

from ...arrays.dims import UNKNOWN
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...interpreter.natives import CallContext
from ..tensorflow.values import TensorValue
from . import trace

Impl = Callable[[CallContext], AbstractValue]
Argument = tuple[int | None, str]
"""Where an argument is: its position (None when keyword-only) and its keyword."""


def _tensor_like(value: AbstractValue | None, ctx: CallContext, gathered: bool) -> AbstractValue:
    if not isinstance(value, TensorValue) or value.kind not in ("tensor", "variable"):
        return TOP
    shape = value.shape
    if gathered:
        if shape is None or len(shape) == 0:
            return TOP
        shape = (UNKNOWN, *shape[1:])
    return TensorValue(shape, value.dtype, ctx.span(), "tensor")


def collective(
    kind: str,
    api: str,
    *,
    tensor: Argument | None = None,
    root: Argument | None = None,
    name: Argument | None = None,
    group: Argument = (None, "process_set"),
    result: str = "none",
) -> Impl:
    """A collective operation of ``kind`` called as ``api``. ``result``: ``"same"`` (a tensor like
    the argument), ``"gathered"`` (first dimension concatenated), ``"none"`` (returns None unless
    ``async_op=True``) or ``"unknown"``. With a ``group`` argument (torch's ``group``, Horovod's
    ``process_set``) other than None the operation involves only that group's members, which
    the projections do not tell apart: the trace is unknown from there."""

    def impl(ctx: CallContext) -> AbstractValue:
        tensor_value = ctx.arg(*tensor) if tensor is not None else None
        members = ctx.arg(*group)
        if members is not None and members is not NONE:
            trace.unknown_from_here(ctx)
        else:
            trace.record(
                ctx,
                kind,
                api,
                name=ctx.arg(*name) if name is not None else None,
                root=ctx.arg(*root) if root is not None else None,
                tensor=tensor_value,
            )
        if result == "same":
            return _tensor_like(tensor_value, ctx, gathered=False)
        if result == "gathered":
            return _tensor_like(tensor_value, ctx, gathered=True)
        if result == "none":
            synchronous = (
                ctx.bool_constant(ctx.arg(None, "async_op", ctx.make_bool(False))) is False
            )
            return NONE if synchronous else TOP
        return TOP

    return impl


def join(ctx: CallContext) -> AbstractValue:
    """``hvd.join()``: ranks that joined take part in the others' remaining allreduces, so the
    sequences may differ from here on (recorded as a ``join`` event, then unknown)."""
    trace.record(ctx, "join", "hvd.join")
    trace.unknown_from_here(ctx)
    return TOP


def horovod_collectives(prefix: str) -> dict[str, Impl]:
    """The collective functions of a Horovod framework module (``hvd.*``)."""
    tensor: Argument = (0, "tensor")
    name: Argument = (None, "name")
    return {
        "allreduce": collective(
            "allreduce", f"{prefix}.allreduce", tensor=tensor, name=name, result="same"
        ),
        "allreduce_": _writing(
            collective(
                "allreduce", f"{prefix}.allreduce_", tensor=tensor, name=name, result="unknown"
            )
        ),
        "allreduce_async": collective(
            "allreduce", f"{prefix}.allreduce_async", tensor=tensor, name=name, result="unknown"
        ),
        "grouped_allreduce": collective(
            "grouped_allreduce", f"{prefix}.grouped_allreduce", name=name, result="unknown"
        ),
        "allgather": collective(
            "allgather", f"{prefix}.allgather", tensor=tensor, name=(1, "name"), result="gathered"
        ),
        "allgather_object": collective(
            "allgather_object", f"{prefix}.allgather_object", name=name, result="unknown"
        ),
        "broadcast": collective(
            "broadcast",
            f"{prefix}.broadcast",
            tensor=tensor,
            root=(1, "root_rank"),
            name=(2, "name"),
            result="same",
        ),
        "broadcast_": _writing(
            collective(
                "broadcast",
                f"{prefix}.broadcast_",
                tensor=tensor,
                root=(1, "root_rank"),
                name=name,
                result="unknown",
            )
        ),
        "broadcast_variables": collective(
            "broadcast_variables",
            f"{prefix}.broadcast_variables",
            root=(1, "root_rank"),
            result="unknown",
        ),
        "broadcast_parameters": _writing(
            collective(
                "broadcast_variables", f"{prefix}.broadcast_parameters", root=(1, "root_rank")
            )
        ),
        "broadcast_optimizer_state": _writing(
            collective(
                "broadcast_optimizer_state",
                f"{prefix}.broadcast_optimizer_state",
                root=(1, "root_rank"),
            )
        ),
        "broadcast_object": collective(
            "broadcast_object",
            f"{prefix}.broadcast_object",
            root=(1, "root_rank"),
            name=name,
            result="unknown",
        ),
        "alltoall": collective(
            "alltoall", f"{prefix}.alltoall", tensor=tensor, name=name, result="unknown"
        ),
        "barrier": collective("barrier", f"{prefix}.barrier", result="unknown"),
        "join": join,
    }


def torch_distributed_collectives() -> dict[str, Impl]:
    """The collective functions of ``torch.distributed`` (``dist.*``): each works in place, so
    its arguments become unknown. Unlike Horovod's ``allgather``, ``all_gather`` needs a tensor of
    the same shape on every rank (kind ``all_gather``)."""
    api = "dist"
    operations = {
        "all_reduce": collective(
            "allreduce", f"{api}.all_reduce", tensor=(0, "tensor"), group=(2, "group")
        ),
        "all_gather": collective(
            "all_gather", f"{api}.all_gather", tensor=(1, "tensor"), group=(2, "group")
        ),
        "all_gather_into_tensor": collective(
            "all_gather",
            f"{api}.all_gather_into_tensor",
            tensor=(1, "input_tensor"),
            group=(2, "group"),
        ),
        "all_gather_object": collective(
            "allgather_object", f"{api}.all_gather_object", group=(2, "group")
        ),
        "broadcast": collective(
            "broadcast",
            f"{api}.broadcast",
            tensor=(0, "tensor"),
            root=(1, "src"),
            group=(2, "group"),
        ),
        "broadcast_object_list": collective(
            "broadcast_object", f"{api}.broadcast_object_list", root=(1, "src"), group=(2, "group")
        ),
        "reduce": collective(
            "reduce", f"{api}.reduce", tensor=(0, "tensor"), root=(1, "dst"), group=(3, "group")
        ),
        "reduce_scatter": collective("reduce_scatter", f"{api}.reduce_scatter", group=(3, "group")),
        "reduce_scatter_tensor": collective(
            "reduce_scatter", f"{api}.reduce_scatter_tensor", group=(3, "group")
        ),
        "gather": collective("gather", f"{api}.gather", root=(2, "dst"), group=(3, "group")),
        "gather_object": collective(
            "gather_object", f"{api}.gather_object", root=(2, "dst"), group=(3, "group")
        ),
        "scatter": collective("scatter", f"{api}.scatter", root=(2, "src"), group=(3, "group")),
        "scatter_object_list": collective(
            "scatter_object", f"{api}.scatter_object_list", root=(2, "src"), group=(3, "group")
        ),
        "all_to_all": collective("alltoall", f"{api}.all_to_all", group=(2, "group")),
        "all_to_all_single": collective("alltoall", f"{api}.all_to_all_single", group=(4, "group")),
        "barrier": collective("barrier", f"{api}.barrier", group=(0, "group")),
        "monitored_barrier": collective("barrier", f"{api}.monitored_barrier", group=(0, "group")),
    }
    return {name: _writing(impl) for name, impl in operations.items()}


def _writing(impl: Impl) -> Impl:
    """``impl`` after making what the call's arguments reach unknown: an operation working in
    place (``dist.broadcast_object_list`` fills the list with the root's objects)."""

    def writing(ctx: CallContext) -> AbstractValue:
        ctx.escape([*ctx.args, *ctx.kwargs.values()])
        return impl(ctx)

    return writing
