"""Hugging Face Accelerate and Lightning Fabric as rank sources and collectives.

Modelled from their source (accelerate 1.15.0 ``accelerator.py``/``state.py``/``utils/operations.py``,
lightning 2.6.6 ``fabric/fabric.py``) and checked on two real Gloo processes under torchrun
(``tests/ranks/real_bugs``):

| value or call | rank-0 projection | other-rank projection | ordinary analysis |
|---|---|---|---|
| ``Accelerator().is_main_process``, ``PartialState().is_main_process``, ``fabric.is_global_zero`` | True | False | bool |
| ``is_local_main_process`` | True | bool (another host's first process) | bool |
| ``process_index``, ``fabric.global_rank`` | 0 | int in [1, size - 1] | int >= 0 |
| ``local_process_index``, ``fabric.local_rank``, ``fabric.node_rank`` | 0 | int >= 0 | int >= 0 |
| ``num_processes``, ``fabric.world_size`` | size >= 2 | size >= 2 | int >= 1 |
| ``accelerator.sync_gradients`` | bool | bool | bool |

Collectives recorded (one event each): ``wait_for_everyone()`` and ``fabric.barrier()`` a
``barrier``; ``gather``, ``gather_for_metrics``, ``pad_across_processes`` (it gathers the sizes),
``gather_object`` and ``fabric.all_gather`` an ``allgather``; ``reduce`` and
``fabric.all_reduce`` an ``allreduce``; ``broadcast`` (``fabric.broadcast(obj, src)``,
``accelerate.utils.broadcast(tensor, from_process)``) a ``broadcast`` from its root;
``fabric.save``/``fabric.load`` a ``barrier`` (Fabric synchronises after the checkpoint I/O);
``main_process_first()``/``local_main_process_first()``/``fabric.rank_zero_first()`` one
``barrier`` where the block is entered (the others wait before it, the main process after it: the
same single barrier on every rank when the block holds no collective; a collective inside it is
not ordered against that barrier, which may hide a bug, never invent one).

Never recorded (so a bug there is missed, never invented): the data-parallel wrapping and
gradient reduction of ``prepare``/``setup`` and ``accelerator.backward``/``fabric.backward``
(``prepare``/``setup`` give back their arguments, ``unwrap_model`` its argument), checkpoint
I/O of ``save_state``/``load_state``. ``fabric.launch(function)`` with a function is ⊤ (the
function is not followed). Every other attribute is ⊤.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...domains.base import TOP, AbstractValue
from ...domains.bools import ANY_BOOL, FALSE, TRUE
from ...domains.none import NONE
from ...domains.sequences import TupleValue
from ...interpreter.natives import CallContext, NativeFunction, NativeModule, NativeValue
from . import ranks, trace

Impl = Callable[[CallContext], AbstractValue]


def main_process(ctx: CallContext) -> AbstractValue:
    """True on rank 0, False on the other ranks, a bool outside the projections."""
    projection = ranks.projected_rank(ctx)
    if projection is None:
        return ANY_BOOL
    return TRUE if projection == 0 else FALSE


def local_main_process(ctx: CallContext) -> AbstractValue:
    """True on rank 0 (placed first on the first host); unknown elsewhere."""
    return TRUE if ranks.projected_rank(ctx) == 0 else ANY_BOOL


def _collective(kind: str, api: str, root: tuple[int | None, str] | None = None) -> Impl:
    def impl(ctx: CallContext) -> AbstractValue:
        trace.record(ctx, kind, api, root=ctx.arg(*root) if root is not None else None)
        return TOP

    return impl


def _barrier(api: str) -> Impl:
    def impl(ctx: CallContext) -> AbstractValue:
        trace.record(ctx, "barrier", api)
        return NONE

    return impl


def _given_back(ctx: CallContext) -> AbstractValue:
    """``prepare(a, b, ...)``/``setup(...)``: its positional arguments (one alone, else a
    tuple)."""
    if ctx.kwargs:
        return TOP
    if len(ctx.args) == 1:
        return ctx.args[0]
    return TupleValue.of(tuple(ctx.args))


def _first_argument(ctx: CallContext) -> AbstractValue:
    value = ctx.arg(0, "model")
    return value if value is not None else TOP


@dataclass(frozen=True, slots=True)
class BarrierContext(NativeValue):
    """``main_process_first()`` and the like: one barrier where the block is entered."""

    api: str

    def enter(self, ctx: CallContext) -> AbstractValue:
        trace.record(ctx, "barrier", self.api)
        return NONE

    def describe(self) -> str:
        return f"{self.api} context"


def _context(api: str) -> Impl:
    return lambda ctx: BarrierContext(api)


ACCELERATE_PROPERTIES: dict[str, Impl] = {
    "is_main_process": main_process,
    "is_local_main_process": local_main_process,
    "process_index": ranks.rank,
    "local_process_index": ranks.first_host_rank,
    "num_processes": ranks.size,
    "sync_gradients": lambda ctx: ANY_BOOL,
}


def _accelerate_methods(owner: str) -> dict[str, Impl]:
    return {
        "wait_for_everyone": _barrier(f"{owner}.wait_for_everyone"),
        "gather": _collective("allgather", f"{owner}.gather"),
        "gather_for_metrics": _collective("allgather", f"{owner}.gather_for_metrics"),
        "pad_across_processes": _collective("allgather", f"{owner}.pad_across_processes"),
        "reduce": _collective("allreduce", f"{owner}.reduce"),
        "main_process_first": _context(f"{owner}.main_process_first"),
        "local_main_process_first": _context(f"{owner}.local_main_process_first"),
        "prepare": _given_back,
        "unwrap_model": _first_argument,
    }


FABRIC_PROPERTIES: dict[str, Impl] = {
    "is_global_zero": main_process,
    "global_rank": ranks.rank,
    "local_rank": ranks.first_host_rank,
    "node_rank": ranks.first_host_rank,
    "world_size": ranks.size,
}

FABRIC_METHODS: dict[str, Impl] = {
    "barrier": _barrier("Fabric.barrier"),
    "all_reduce": _collective("allreduce", "Fabric.all_reduce"),
    "all_gather": _collective("allgather", "Fabric.all_gather"),
    "broadcast": _collective("broadcast", "Fabric.broadcast", root=(1, "src")),
    "save": _barrier("Fabric.save"),
    "load": _barrier("Fabric.load"),
    "rank_zero_first": _context("Fabric.rank_zero_first"),
    "setup": _given_back,
    "setup_module": _first_argument,
    "setup_dataloaders": _given_back,
}


@dataclass(frozen=True, slots=True)
class LauncherObject(NativeValue):
    """An ``Accelerator``, ``PartialState`` or ``Fabric`` (``kind``)."""

    kind: str

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        properties = FABRIC_PROPERTIES if self.kind == "Fabric" else ACCELERATE_PROPERTIES
        if name in properties:
            return properties[name](ctx)
        methods = FABRIC_METHODS if self.kind == "Fabric" else _accelerate_methods(self.kind)
        if name in methods:
            return NativeFunction(f"{self.kind}.{name}", methods[name])
        if self.kind == "Fabric" and name == "launch":
            return NativeFunction("Fabric.launch", lambda call: NONE if not call.args else TOP)
        return TOP

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == self.kind

    def describe(self) -> str:
        return self.kind


def _constructor(kind: str) -> NativeFunction:
    return NativeFunction(kind, lambda ctx: LauncherObject(kind))


def accelerate_module() -> NativeModule:
    """``accelerate``: ``Accelerator``, ``PartialState``."""
    return NativeModule(
        "accelerate",
        {name: _constructor(name) for name in ("Accelerator", "PartialState")},
    )


def accelerate_utils_module() -> NativeModule:
    """``accelerate.utils``: the collective helpers (every other name ⊤)."""
    functions: dict[str, Impl] = {
        "gather": _collective("allgather", "accelerate.utils.gather"),
        "gather_object": _collective("allgather", "accelerate.utils.gather_object"),
        "pad_across_processes": _collective("allgather", "accelerate.utils.pad_across_processes"),
        "reduce": _collective("allreduce", "accelerate.utils.reduce"),
        "broadcast": _collective("broadcast", "accelerate.utils.broadcast", (1, "from_process")),
        "broadcast_object_list": _collective(
            "broadcast", "accelerate.utils.broadcast_object_list", (1, "from_process")
        ),
        "wait_for_everyone": _barrier("accelerate.utils.wait_for_everyone"),
    }
    return NativeModule(
        "accelerate.utils",
        {
            name: NativeFunction(f"accelerate.utils.{name}", impl)
            for name, impl in functions.items()
        },
    )


FABRIC_MODULES = ("lightning.fabric", "lightning_fabric", "lightning")


def fabric_module(name: str) -> NativeModule:
    """``lightning.fabric``, ``lightning_fabric`` and ``lightning`` (their ``Fabric``)."""
    return NativeModule(name, {"Fabric": _constructor("Fabric")})
