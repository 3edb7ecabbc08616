"""PyTorch's data-parallel wrappers and the collectives they hide: ``DistributedDataParallel``
(``torch.nn.parallel``) and ``FullyShardedDataParallel`` (``torch.distributed.fsdp``).

What is recorded in a rank projection (only what happens on every run of two or more processes):

- ``DistributedDataParallel(module)``: the constructor checks the parameters' shapes across the
  ranks and broadcasts rank 0's parameters and buffers (one ``ddp_init`` event; none with
  ``init_sync=False``). A wrapper over a ``process_group`` other than the default one makes the
  trace unknown (a subgroup's collectives involve only its members) and records nothing else.
- A DDP forward (``ddp_model(x)``) broadcasts rank 0's buffers first when the module certainly
  has buffers (a ``BatchNorm`` tracking running statistics, found through ``Sequential``
  containers) and ``broadcast_buffers`` is not False: a ``broadcast`` event from root 0. A module
  whose buffers are not known records nothing (its forward may or may not be a collective).
- A backward after a DDP forward allreduces the gradients: ``Tensor.backward()`` records an
  ``allreduce`` when a DDP forward happened since the last backward on every path, with the
  forwards' sites as its ``sources``: the rank checks count it only when the loss is computed
  from one of them (``ranks.backward_sources``), since a backward of a loss that does not depend
  on a DDP output runs no DDP hook. Inside ``no_sync()`` no reduction happens; the context's end
  is not tracked, so once a script enters ``no_sync`` a backward makes the trace unknown from
  there.
- An FSDP forward (default ``FULL_SHARD``) all-gathers the parameters of a module that certainly
  has some (an ``allgather`` event); its backward reduce-scatters the gradients (a
  ``reduce_scatter`` event). Another ``sharding_strategy`` records nothing for the forward, and
  a backward after a forward of a module not known to have parameters makes the trace unknown.

``with ddp_model.join():`` lets ranks with fewer inputs shadow the others' collectives: a ``join``
event, then the trace is unknown (as after ``hvd.join()``). ``ddp_model.module`` is the wrapped
module itself: calling it does no collective. The wrapped module's forward runs through the
interpreter, so the result's shape is the module's. Outside the projections the wrappers only
forward to the module.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.functions import BoundMethodValue
from ...domains.none import NONE
from ...domains.numbers import IntValue
from ...domains.references import Ref, is_strong
from ...facts import Span
from ...interpreter.natives import CallContext, NativeFunction, NativeModule, NativeValue
from ..torch.nn_base import LayerValue, module_method
from ..torch.nn_containers import ModuleListValue
from ..torch.support import TorchCall
from . import trace

PENDING = "data-parallel gradients pending"
"""Model state: which reduction a backward runs now (a ``PendingReduction``)."""
NO_SYNC_USED = "ddp no_sync entered"
"""Model state: True once some path entered ``no_sync()`` (then pending reductions are unknown)."""

BUFFERED_LAYERS = frozenset({"BatchNorm1d", "BatchNorm2d", "BatchNorm3d"})
PARAMETERISED_LAYERS = frozenset(
    {"Linear", "Bilinear", "Conv1d", "Conv2d", "Conv3d", "Embedding", "LSTM", "GRU", "RNN"}
)
JOIN_API = "DistributedDataParallel.join"
BROADCAST_BUFFERS_POSITION = 4
INIT_SYNC_POSITION = 5
SHARDING_STRATEGY_POSITION = 2
PROCESS_GROUP_POSITION = {"DDP": 6, "FSDP": 1}


@dataclass(frozen=True, slots=True)
class PendingReduction(AbstractValue):
    """The reduction the next backward runs: ``kind`` (``allreduce`` for DDP,
    ``reduce_scatter`` for FSDP) or None for none; ``known`` False when paths disagree.
    ``sources`` are the sites of the forwards that left it pending and their call sites."""

    kind: str | None = None
    known: bool = True
    sources: frozenset[Span] = frozenset()

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, PendingReduction):
            return TOP
        if self == other:
            return self
        if self.known and other.known and self.kind == other.kind and self.kind is not None:
            return PendingReduction(self.kind, True, self.sources | other.sources)
        return PendingReduction(None, False)

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP or other == self:
            return True
        if not isinstance(other, PendingReduction):
            return False
        return not other.known or (
            self.known and self.kind == other.kind and self.sources <= other.sources
        )

    def describe(self) -> str:
        return f"pending {self.kind if self.known else 'unknown'} reduction"


BUFFERED_MODULES = "modules that registered a buffer"
"""Model state: the user modules (``Ref`` values) that certainly called ``register_buffer``."""


@dataclass(frozen=True, slots=True)
class BufferedModules(AbstractValue):
    """The references of the user modules that registered a buffer on every path (the join keeps
    those all paths agree on)."""

    modules: frozenset[AbstractValue] = frozenset()

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, BufferedModules):
            return TOP
        return BufferedModules(self.modules & other.modules)

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP:
            return True
        return isinstance(other, BufferedModules) and other.modules <= self.modules

    def describe(self) -> str:
        return f"{len(self.modules)} modules with buffers"


def register_buffer(ctx: CallContext) -> AbstractValue:
    """``module.register_buffer(name, tensor)`` (called with the module as argument 0): the
    module certainly holds a buffer from here on (``tensor=None`` registers none); only for a
    module at one non-summary address (a summary address stands for several objects, which may
    not all have registered it); None."""
    receiver = ctx.args[0] if ctx.args else None
    tensor = ctx.arg(2, "tensor")
    address = receiver.single if isinstance(receiver, Ref) else None
    if address is not None and is_strong(address) and not ctx.is_none(tensor):
        known = ctx.model_state(BUFFERED_MODULES, BufferedModules())
        if isinstance(known, BufferedModules):
            ctx.set_model_state(BUFFERED_MODULES, BufferedModules(known.modules | {receiver}))
    return NONE


def certainly_has(module: AbstractValue, ctx: CallContext, layers: frozenset[str]) -> bool:
    """Whether ``module`` (a layer or a ``Sequential``/``ModuleList`` of them) certainly holds
    one of ``layers`` (for ``BUFFERED_LAYERS``: one tracking running statistics, or a user module
    that certainly called ``register_buffer``)."""
    if layers is BUFFERED_LAYERS and isinstance(module, Ref):
        known = ctx.model_state(BUFFERED_MODULES, BufferedModules())
        return isinstance(known, BufferedModules) and module in known.modules
    if isinstance(module, LayerValue):
        if module.kind not in layers:
            return False
        return layers is not BUFFERED_LAYERS or module.option("running_stats") is True
    if isinstance(module, ModuleListValue):
        parts = module.parts(ctx)
        return parts is not None and any(certainly_has(part, ctx, layers) for part in parts)
    return False


@dataclass(frozen=True, slots=True)
class DataParallelValue(NativeValue):
    """A ``DistributedDataParallel`` (``wrapper == "DDP"``) or ``FullyShardedDataParallel``
    (``"FSDP"``) around ``module``; ``forward_collective`` is the event kind its forward
    certainly records (None for none)."""

    wrapper: str
    module: AbstractValue
    forward_collective: str | None
    whole_world: bool = True
    """False for a wrapper over a subgroup (its collectives are not modelled: unknown)."""

    def held_values(self) -> tuple[AbstractValue, ...]:
        return (self.module,)

    def describe(self) -> str:
        name = "DistributedDataParallel" if self.wrapper == "DDP" else "FullyShardedDataParallel"
        return f"{name}({self.module.describe()})"

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ in ("DistributedDataParallel", "FullyShardedDataParallel")

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "module":
            return self.module
        if name == "no_sync":
            return NativeFunction(f"{self.wrapper}.no_sync", lambda call: NO_SYNC)
        if name == "join" and self.wrapper == "DDP":
            return NativeFunction("DistributedDataParallel.join", lambda call: JOIN)
        method = module_method(name)
        return BoundMethodValue(method, self) if method is not None else TOP

    def call(self, ctx: CallContext) -> AbstractValue:
        """The forward: the wrapper's collective, then the module's forward."""
        if ctx.rank_projection is not None:
            if self.forward_collective == "broadcast":
                trace.record(
                    ctx,
                    "broadcast",
                    "DistributedDataParallel forward",
                    root=IntValue.constant_of(0),
                )
            elif self.forward_collective == "allgather":
                trace.record(ctx, "allgather", "FullyShardedDataParallel forward")
            ctx.set_model_state(PENDING, self.pending_reduction(ctx))
        return ctx.invoke(self.module, ctx.args, ctx.kwargs)

    def pending_reduction(self, ctx: CallContext) -> PendingReduction:
        """What a backward does after this forward: DDP allreduces (its constructor refuses a
        module without trainable parameters), FSDP reduce-scatters when the module certainly has
        parameters (unknown otherwise); unknown once ``no_sync`` was entered."""
        suspended = ctx.model_state(NO_SYNC_USED, BoolValue(False))
        if not self.whole_world or not (
            isinstance(suspended, BoolValue) and suspended.value is False
        ):
            return PendingReduction(None, False)
        sources = frozenset({ctx.fixed_span(), *ctx.caller_spans()})
        if self.wrapper == "DDP":
            return PendingReduction("allreduce", True, sources)
        if self.forward_collective is not None:
            return PendingReduction("reduce_scatter", True, sources)
        return PendingReduction(None, False)


@dataclass(frozen=True, slots=True)
class NoSyncContext(NativeValue):
    """``ddp_model.no_sync()``: entering it marks the script as one that suspends reductions."""

    def enter(self, ctx: CallContext) -> AbstractValue:
        if ctx.rank_projection is not None:
            ctx.set_model_state(NO_SYNC_USED, BoolValue(True))
        return NONE

    def describe(self) -> str:
        return "DistributedDataParallel.no_sync context"


NO_SYNC = NoSyncContext()


@dataclass(frozen=True, slots=True)
class JoinContext(NativeValue):
    """``ddp_model.join()``: inside it, a rank that ran out of inputs shadows the others'
    collectives, so the ranks may make different numbers of them: a ``join`` event, then the
    trace is unknown."""

    def enter(self, ctx: CallContext) -> AbstractValue:
        trace.record(ctx, trace.JOIN, JOIN_API)
        trace.unknown_from_here(ctx)
        return TOP

    def describe(self) -> str:
        return "DistributedDataParallel.join context"


JOIN = JoinContext()


def _flag(ctx: CallContext, index: int, keyword: str, default: bool) -> bool | None:
    """A bool argument: ``default`` when absent, None when unknown."""
    value = ctx.arg(index, keyword)
    return default if value is None else ctx.bool_constant(value)


def _whole_world(ctx: CallContext, index: int) -> bool:
    """Whether the wrapper's process group is the default one (every rank): a subgroup's
    collectives involve only its members, which the projections do not tell apart."""
    group = ctx.arg(index, "process_group")
    return group is None or group is NONE


def distributed_data_parallel(ctx: CallContext) -> AbstractValue:
    """``DistributedDataParallel(module, device_ids=None, output_device=None, dim=0,
    broadcast_buffers=True, init_sync=True, process_group=None, ...)``."""
    module = ctx.arg(0, "module")
    if module is None:
        return TOP
    whole_world = _whole_world(ctx, PROCESS_GROUP_POSITION["DDP"])
    init_sync = _flag(ctx, INIT_SYNC_POSITION, "init_sync", True)
    if not whole_world or init_sync is None:
        trace.unknown_from_here(ctx)
    elif init_sync:
        trace.record(ctx, "ddp_init", "DistributedDataParallel")
    broadcasts = _flag(ctx, BROADCAST_BUFFERS_POSITION, "broadcast_buffers", True) is True
    buffered = whole_world and broadcasts and certainly_has(module, ctx, BUFFERED_LAYERS)
    return DataParallelValue("DDP", module, "broadcast" if buffered else None, whole_world)


def fully_sharded_data_parallel(ctx: CallContext) -> AbstractValue:
    """``FullyShardedDataParallel(module, process_group=None, sharding_strategy=None, ...)``."""
    module = ctx.arg(0, "module")
    if module is None:
        return TOP
    whole_world = _whole_world(ctx, PROCESS_GROUP_POSITION["FSDP"])
    strategy = ctx.arg(SHARDING_STRATEGY_POSITION, "sharding_strategy")
    default = strategy is None or strategy is NONE
    gathers = whole_world and default and certainly_has(module, ctx, PARAMETERISED_LAYERS)
    return DataParallelValue("FSDP", module, "allgather" if gathers else None, whole_world)


def backward(call: TorchCall) -> AbstractValue:
    """``tensor.backward()``: the reduction a data-parallel forward left pending (see the
    module docstring); None."""
    ctx = call.ctx
    if ctx.rank_projection is None:
        return NONE
    pending = ctx.model_state(PENDING, PendingReduction())
    if isinstance(pending, PendingReduction) and pending.known:
        if pending.kind is not None:
            api = (
                "DistributedDataParallel"
                if pending.kind == "allreduce"
                else "FullyShardedDataParallel"
            )
            trace.record(ctx, pending.kind, f"{api} backward", sources=pending.sources)
    else:
        trace.unknown_from_here(ctx)
    ctx.set_model_state(PENDING, PendingReduction())
    return NONE


def parallel_module() -> NativeModule:
    """``torch.nn.parallel``."""
    return NativeModule(
        "torch.nn.parallel",
        {
            "DistributedDataParallel": NativeFunction(
                "torch.nn.parallel.DistributedDataParallel", distributed_data_parallel
            )
        },
    )


def fsdp_module() -> NativeModule:
    """``torch.distributed.fsdp``."""
    return NativeModule(
        "torch.distributed.fsdp",
        {
            "FullyShardedDataParallel": NativeFunction(
                "torch.distributed.fsdp.FullyShardedDataParallel", fully_sharded_data_parallel
            )
        },
    )
