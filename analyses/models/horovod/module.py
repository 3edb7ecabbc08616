"""The module models: ``horovod.tensorflow``, ``horovod.tensorflow.keras``, ``horovod.keras``,
``horovod.torch`` (with their ``callbacks``), ``torch.distributed``, Accelerate's ``accelerate``
and ``accelerate.utils`` and Lightning's ``Fabric`` (``launchers``), and their registration.

Everything not listed is ⊤ (``hvd.Average``, ``hvd.Compression``, process sets...).
"""

from __future__ import annotations

from ...domains.base import AbstractValue
from ...interpreter.natives import NativeFunction, NativeModule, register_module_model
from ..torch import nn_base, tensor_ops
from . import collectives, data_parallel, launchers, ranks, wrappers

HOROVOD_MODULES = (
    "horovod.tensorflow",
    "horovod.tensorflow.keras",
    "horovod.keras",
    "horovod.torch",
)
KERAS_MODULES = ("horovod.tensorflow.keras", "horovod.keras")


def horovod_module(name: str) -> NativeModule:
    """One Horovod framework module (``import horovod.tensorflow as hvd``)."""
    attributes: dict[str, AbstractValue] = {
        key: NativeFunction(f"{name}.{key}", impl)
        for key, impl in collectives.horovod_collectives("hvd").items()
    }
    attributes.update(
        {
            "init": NativeFunction(f"{name}.init", ranks.horovod_init),
            "shutdown": NativeFunction(f"{name}.shutdown", ranks.horovod_shutdown),
            "is_initialized": NativeFunction(
                f"{name}.is_initialized", ranks.horovod_is_initialized
            ),
            "rank": NativeFunction(f"{name}.rank", ranks.rank),
            "local_rank": NativeFunction(f"{name}.local_rank", ranks.first_host_rank),
            "cross_rank": NativeFunction(f"{name}.cross_rank", ranks.first_host_rank),
            "size": NativeFunction(f"{name}.size", ranks.size),
            "local_size": NativeFunction(f"{name}.local_size", ranks.local_size),
            "cross_size": NativeFunction(f"{name}.cross_size", ranks.local_size),
            "DistributedGradientTape": wrappers.wrapper("DistributedGradientTape"),
            "DistributedOptimizer": wrappers.wrapper("DistributedOptimizer"),
        }
    )
    if name in KERAS_MODULES:
        attributes["callbacks"] = NativeModule(f"{name}.callbacks", wrappers.callbacks())
    return NativeModule(name, attributes)


def torch_distributed_module() -> NativeModule:
    """``torch.distributed`` (``import torch.distributed as dist``)."""
    attributes: dict[str, AbstractValue] = {
        key: NativeFunction(f"torch.distributed.{key}", impl)
        for key, impl in collectives.torch_distributed_collectives().items()
    }
    attributes.update(
        {
            "init_process_group": NativeFunction(
                "torch.distributed.init_process_group", ranks.init_process_group
            ),
            "destroy_process_group": NativeFunction(
                "torch.distributed.destroy_process_group", ranks.destroy_process_group
            ),
            "is_initialized": NativeFunction(
                "torch.distributed.is_initialized", ranks.is_initialized
            ),
            "is_available": NativeFunction("torch.distributed.is_available", ranks.is_available),
            "get_rank": NativeFunction("torch.distributed.get_rank", ranks.group_rank),
            "get_world_size": NativeFunction("torch.distributed.get_world_size", ranks.group_size),
        }
    )
    return NativeModule("torch.distributed", attributes)


def register() -> None:
    for name in HOROVOD_MODULES:
        register_module_model(name, lambda name=name: horovod_module(name))
    for name in KERAS_MODULES:
        register_module_model(
            f"{name}.callbacks",
            lambda name=name: NativeModule(f"{name}.callbacks", wrappers.callbacks()),
        )
    register_module_model("torch.distributed", torch_distributed_module)
    register_module_model("torch.nn.parallel", data_parallel.parallel_module)
    register_module_model("torch.distributed.fsdp", data_parallel.fsdp_module)
    register_module_model("accelerate", launchers.accelerate_module)
    register_module_model("accelerate.utils", launchers.accelerate_utils_module)
    for name in launchers.FABRIC_MODULES:
        register_module_model(name, lambda name=name: launchers.fabric_module(name))
    tensor_ops.METHODS["backward"] = data_parallel.backward
    nn_base.MODULE_METHOD_HOOKS["register_buffer"] = data_parallel.register_buffer
