"""The TensorFlow 1 module models: ``tensorflow.compat.v1`` (``import tensorflow.compat.v1 as
tf``) with its ``nn``, ``layers``, ``train`` and ``math`` submodules, and ``tensorflow.compat``.

``tf.compat.v1`` has the modelled ``tf.*`` functions (graph-aware, :mod:`.graphs`) plus
placeholders, sessions, the eager switches, initialisers and ``train`` optimizers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...domains.base import AbstractValue
from ...domains.bools import BoolValue
from ...domains.none import NONE
from ...interpreter.natives import CallContext, NativeFunction, NativeModule, register_module_model
from . import graphs, layers_v1, ops, sessions

Impl = Callable[[CallContext], AbstractValue]
INITIALIZERS = (
    "global_variables_initializer",
    "initialize_all_variables",
    "local_variables_initializer",
    "tables_initializer",
)


def _no_op(name: str) -> NativeFunction:
    return NativeFunction(name, lambda ctx: NONE)


def compat_v1_attributes(tensorflow: Mapping[str, AbstractValue]) -> dict[str, AbstractValue]:
    """The attributes of ``tensorflow.compat.v1``: ``tensorflow``'s model's plus TF1's own."""
    attributes = dict(tensorflow)
    attributes["placeholder"] = NativeFunction(
        "tensorflow.compat.v1.placeholder", graphs.placeholder
    )
    for name in ("Session", "InteractiveSession"):
        attributes[name] = NativeFunction(f"tensorflow.compat.v1.{name}", sessions.session)
    for name in INITIALIZERS:
        attributes[name] = NativeFunction(f"tensorflow.compat.v1.{name}", sessions.initializer)
    for name in ("random_normal", "truncated_normal", "random_uniform"):
        attributes[name] = NativeFunction(
            f"tensorflow.compat.v1.{name}",
            graphs.graph_aware(f"tensorflow.compat.v1.{name}", ops.random(3)),
        )
    attributes["get_variable"] = NativeFunction(
        "tensorflow.compat.v1.get_variable", layers_v1.get_variable
    )
    attributes["reset_default_graph"] = _no_op("tensorflow.compat.v1.reset_default_graph")
    attributes.update(graphs.MODE_FUNCTIONS)
    return attributes


def tf1_spellings() -> dict[str, AbstractValue]:
    """TensorFlow 1's own names as old code writes them on ``tensorflow`` itself (``tf.placeholder``,
    ``tf.Session``...): TensorFlow 2 lacks them, so such a program is TensorFlow 1 code, which
    builds graphs: ``tf.placeholder`` also makes graph mode certain from there on."""
    names = ("Session", "InteractiveSession", *INITIALIZERS)
    names += ("random_normal", "truncated_normal", "random_uniform", "get_variable")
    names += ("reset_default_graph",)
    attributes = compat_v1_attributes({})
    spellings = {name: attributes[name] for name in names}

    def placeholder(ctx: CallContext) -> AbstractValue:
        ctx.set_model_state(graphs.GRAPH_MODE, BoolValue(True))
        return graphs.placeholder(ctx)

    spellings["placeholder"] = NativeFunction("tensorflow.placeholder", placeholder)
    return spellings


def train_module() -> NativeModule:
    return NativeModule(
        "tensorflow.compat.v1.train",
        {name: sessions.optimizer(name) for name in sessions.OPTIMIZERS},
    )


def register(
    tensorflow: Callable[[], NativeModule], modules: Mapping[str, Callable[[], NativeModule]]
) -> None:
    """Register ``tensorflow.compat.v1`` from the ``tensorflow`` model and its submodules from
    ``modules`` (``"nn"`` -> the ``tensorflow.nn`` model factory...)."""
    register_module_model(
        "tensorflow.compat.v1",
        lambda: NativeModule("tensorflow.compat.v1", compat_v1_attributes(tensorflow().attributes)),
    )
    register_module_model("tensorflow.compat", lambda: NativeModule("tensorflow.compat", {}))
    for name, factory in modules.items():
        register_module_model(
            f"tensorflow.compat.v1.{name}",
            lambda factory=factory, name=name: NativeModule(
                f"tensorflow.compat.v1.{name}", factory().attributes
            ),
        )
    for prefix in ("tensorflow.compat.v1", "tensorflow"):
        register_module_model(f"{prefix}.train", train_module)
        register_module_model(f"{prefix}.layers", layers_v1.layers_module)
