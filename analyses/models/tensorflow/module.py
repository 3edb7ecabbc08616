"""The TensorFlow module models (``tensorflow``, ``tensorflow.math``, ``tensorflow.nn``,
``tensorflow.random``, ``tensorflow.linalg``), the Keras ones (``tensorflow.keras``, ``keras`` and
their ``layers`` and ``models``) and their registration.

``modelled_names()`` lists every modelled TensorFlow function, qualified.
"""

from __future__ import annotations

from collections.abc import Callable

from ...domains.base import TOP, AbstractValue
from ...interpreter.natives import (
    LibraryClass,
    NativeFunction,
    NativeModule,
    register_module_model,
)
from . import (
    datasets,
    gradients,
    graph_functions,
    graphs,
    keras_attention,
    keras_layers,
    keras_losses,
    keras_merging,
    keras_models,
    keras_recurrent,
    keras_utils,
    numpy_behavior,
    ops,
    optimizers,
    rules,
    tf1_modules,
)
from .keras_models import SEQUENTIAL_CLASSES, KerasClass
from .ops import Impl
from .values import TFDTypeValue

DTYPES = (
    "float16",
    "bfloat16",
    "float32",
    "float64",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "bool",
    "complex64",
    "complex128",
    "string",
)
DTYPE_ALIASES = {"half": "float16", "double": "float64"}

UNARY = ("exp", "log", "sqrt", "abs", "square", "tanh", "sigmoid", "negative", "sin", "cos")
BINARY = ("add", "subtract", "multiply", "divide", "maximum", "minimum", "pow")
ORDERING = ("less", "less_equal", "greater", "greater_equal", "equal", "not_equal")

MATH: dict[str, Impl] = {
    **{name: ops.elementwise(name) for name in BINARY},
    **{name: ops.elementwise(name, "bool") for name in ORDERING},
    **{name: ops.same_shape("x") for name in UNARY},
    **{f"reduce_{name}": ops.reduction(name) for name in ("sum", "mean", "max", "min", "prod")},
    "reduce_any": ops.reduction("logical"),
    "reduce_all": ops.reduction("logical"),
    "argmax": ops.arg_reduction,
    "argmin": ops.arg_reduction,
}
"""Functions of ``tf.math``; all but ``NOT_TOP_LEVEL`` are also bound at the top level."""
NOT_TOP_LEVEL = ("log",)
KERAS_CLASSES = ("Model", "Layer")
"""Keras's base classes: a user class deriving from one runs its ``call`` when called."""
TENSORFLOW_CLASSES = ("Variable",)
"""Modelled functions of ``tf`` that are classes (for ``isinstance``; ``tf.Tensor`` is one too,
not constructible)."""

NN: dict[str, Impl] = {
    "relu": ops.same_shape("features"),
    "relu6": ops.same_shape("features"),
    "elu": ops.same_shape("features"),
    "selu": ops.same_shape("features"),
    "leaky_relu": ops.same_shape("features"),
    "gelu": ops.same_shape("features"),
    "sigmoid": ops.same_shape("x"),
    "tanh": ops.same_shape("x"),
    "softmax": ops.softmax,
    "log_softmax": ops.softmax,
    "softmax_cross_entropy_with_logits": ops.softmax_cross_entropy,
    "sparse_softmax_cross_entropy_with_logits": ops.sparse_softmax_cross_entropy,
    "dropout": ops.same_shape("x"),
    "l2_normalize": ops.same_shape("x"),
    **{name: graphs.graph_only for name in graphs.GRAPH_ONLY},
}

KERAS_LOSSES: dict[str, Impl] = {
    "mean_squared_error": ops.keras_loss(rules.keras_pointwise),
    "mean_absolute_error": ops.keras_loss(rules.keras_pointwise),
    "categorical_crossentropy": ops.keras_loss(rules.keras_same_shape),
    "binary_crossentropy": keras_losses.unchecked_loss,
    "sparse_categorical_crossentropy": keras_losses.unchecked_loss,
    **keras_losses.LOSS_CLASSES,
}
KERAS_METRICS: dict[str, Impl] = dict(keras_losses.METRIC_CLASSES)

RANDOM: dict[str, Impl] = {
    "normal": ops.random(3),
    "truncated_normal": ops.random(3),
    "uniform": ops.random(3),
}

LINALG: dict[str, Impl] = {"matmul": ops.matmul, "eye": ops.eye}


TENSORFLOW: dict[str, Impl] = {
    **{name: impl for name, impl in MATH.items() if name not in NOT_TOP_LEVEL},
    "constant": ops.constant,
    "convert_to_tensor": ops.convert_to_tensor,
    "zeros": ops.filled("float32"),
    "ones": ops.filled("float32"),
    "zeros_like": ops.like,
    "ones_like": ops.like,
    "fill": ops.fill,
    "eye": ops.eye,
    "Variable": ops.variable,
    "GradientTape": gradients.gradient_tape,
    "cast": ops.cast,
    "shape": ops.shape_of,
    "rank": ops.rank,
    "TensorShape": ops.tensor_shape,
    "as_dtype": ops.dtype_name,
    "matmul": ops.matmul,
    "reshape": ops.reshape,
    "transpose": ops.transpose,
    "expand_dims": ops.expand_dims,
    "squeeze": ops.squeeze,
    "concat": ops.concat,
    "stack": ops.stack,
    "one_hot": ops.one_hot,
    "tile": ops.tile,
    "split": ops.split,
    "gather": ops.gather,
    "tensordot": ops.tensordot,
    "einsum": ops.einsum,
    "where": ops.where,
    "clip_by_value": ops.same_shape("t"),
    "sigmoid": ops.same_shape("x"),
    "tanh": ops.same_shape("x"),
}


GRAPH_AWARE_MODULES = ("tensorflow", "tensorflow.math", "tensorflow.nn", "tensorflow.linalg")
"""The modules whose functions build graph ops in graph mode (:mod:`.graphs`)."""


def _function(module: str, key: str, impl: Impl) -> NativeFunction:
    """The model of ``module.key``: a Keras base class, a modelled class or a function."""
    name = f"{module}.{key}"
    if module in GRAPH_AWARE_MODULES and key not in TENSORFLOW_CLASSES:
        impl = graphs.graph_aware(name, impl)
    if key in KERAS_CLASSES:
        return KerasClass(name, impl)
    if module.endswith(("keras", "keras.models")) and key == "Sequential":
        return LibraryClass(name, impl, "keras.Sequential", SEQUENTIAL_CLASSES)
    if module == "tensorflow" and key in TENSORFLOW_CLASSES:
        return LibraryClass(name, impl, f"tensorflow.{key}")
    return NativeFunction(name, impl)


def _module(name: str, functions: dict[str, Impl], extra: dict[str, AbstractValue]) -> NativeModule:
    attributes: dict[str, AbstractValue] = {
        key: _function(name, key, impl) for key, impl in functions.items()
    }
    attributes.update(extra)
    return NativeModule(name, attributes)


def _dtype_objects() -> dict[str, AbstractValue]:
    objects: dict[str, AbstractValue] = {name: TFDTypeValue(name) for name in DTYPES}
    objects.update({alias: TFDTypeValue(name) for alias, name in DTYPE_ALIASES.items()})
    return objects


def tensorflow_module() -> NativeModule:
    extra = _dtype_objects()
    extra["Tensor"] = LibraryClass("tensorflow.Tensor", lambda ctx: TOP, "tensorflow.Tensor")
    extra.update(tf1_modules.tf1_spellings())
    extra["function"] = graph_functions.TFFunction(
        "tensorflow.function", graph_functions.tf_function
    )
    return _module("tensorflow", TENSORFLOW, extra)


def math_module() -> NativeModule:
    return _module("tensorflow.math", MATH, {})


def nn_module() -> NativeModule:
    return _module("tensorflow.nn", NN, {})


def random_module() -> NativeModule:
    return _module("tensorflow.random", RANDOM, {})


def linalg_module() -> NativeModule:
    return _module("tensorflow.linalg", LINALG, {})


KERAS: dict[str, Impl] = {
    "Input": keras_layers.keras_input,
    "Sequential": keras_models.sequential,
    "Model": keras_models.functional,
}
KERAS_LAYERS: dict[str, Impl] = {
    **keras_layers.LAYERS,
    **keras_recurrent.LAYERS,
    **keras_merging.LAYERS,
    **keras_attention.LAYERS,
    "Input": keras_layers.keras_input,
    "Layer": keras_models.base_layer,
}
KERAS_MODELS: dict[str, Impl] = {
    "Sequential": keras_models.sequential,
    "Model": keras_models.functional,
}


def keras_module(name: str) -> Callable[[], NativeModule]:
    return lambda: _module(name, KERAS, {})


def keras_layers_module(name: str) -> Callable[[], NativeModule]:
    return lambda: _module(name, KERAS_LAYERS, {})


def keras_models_module(name: str) -> Callable[[], NativeModule]:
    return lambda: _module(name, KERAS_MODELS, {})


SUBMODULES = {
    "tensorflow.math": (math_module, MATH),
    "tensorflow.nn": (nn_module, NN),
    "tensorflow.random": (random_module, RANDOM),
    "tensorflow.linalg": (linalg_module, LINALG),
    "tensorflow.keras": (keras_module("tensorflow.keras"), KERAS),
    "tensorflow.keras.layers": (keras_layers_module("tensorflow.keras.layers"), KERAS_LAYERS),
    "tensorflow.keras.models": (keras_models_module("tensorflow.keras.models"), KERAS_MODELS),
    "tensorflow.keras.losses": (
        lambda: _module("tensorflow.keras.losses", KERAS_LOSSES, {}),
        KERAS_LOSSES,
    ),
    "tensorflow.keras.metrics": (
        lambda: _module("tensorflow.keras.metrics", KERAS_METRICS, {}),
        KERAS_METRICS,
    ),
    "keras.losses": (lambda: _module("keras.losses", KERAS_LOSSES, {}), KERAS_LOSSES),
    "keras.metrics": (lambda: _module("keras.metrics", KERAS_METRICS, {}), KERAS_METRICS),
    "keras": (keras_module("keras"), KERAS),
    "keras.layers": (keras_layers_module("keras.layers"), KERAS_LAYERS),
    "keras.models": (keras_models_module("keras.models"), KERAS_MODELS),
    **{
        f"{prefix}{module}": (
            lambda name=f"{prefix}{module}", functions=functions: _module(name, functions, {}),
            functions,
        )
        for prefix in ("tensorflow.", "")
        for module, functions in (
            ("keras.utils", keras_utils.UTILS),
            ("keras.preprocessing.sequence", keras_utils.SEQUENCE),
            ("keras.preprocessing.text", keras_utils.TEXT),
        )
        # Keras 2.12's own keras.preprocessing.sequence has no pad_sequences (only TF's alias
        # tf.keras.preprocessing.sequence and keras.utils have it): that name stays unknown.
        if (prefix, module) != ("", "keras.preprocessing.sequence")
    },
    **{
        f"{prefix}keras.preprocessing": (
            lambda name=f"{prefix}keras.preprocessing": _module(name, {}, {}),
            {},
        )
        for prefix in ("tensorflow.", "")
    },
    "keras.utils.np_utils": (
        lambda: _module("keras.utils.np_utils", keras_utils.NP_UTILS, {}),
        keras_utils.NP_UTILS,
    ),
}


OPTIMIZER_MODULES = ("tensorflow.keras.optimizers", "keras.optimizers", "tensorflow.optimizers")


def modelled_names() -> list[str]:
    """Every modelled TensorFlow and Keras API, qualified (``tensorflow.matmul``, ...), each once
    (``keras.*`` aliases of ``tensorflow.keras.*`` are not repeated)."""
    names = [f"tensorflow.{name}" for name in TENSORFLOW]
    for module, (_, functions) in SUBMODULES.items():
        if not module.startswith("keras"):
            names += [f"{module}.{name}" for name in functions]
    names += [f"tensorflow.data.Dataset.{name}" for name in datasets.DATASET_CONSTRUCTORS]
    names += [f"tensorflow.data.Dataset.{name}" for name in datasets.DATASET_METHODS]
    names.append("tensorflow.function")
    names.append("tensorflow.experimental.numpy.experimental_enable_numpy_behavior")
    names += [f"tensorflow.keras.optimizers.{name}" for name in optimizers.OPTIMIZERS]
    names += [f"tensorflow.keras.optimizers.legacy.{name}" for name in optimizers.LEGACY]
    return sorted(names)


def register() -> None:
    register_module_model("tensorflow", tensorflow_module)
    register_module_model("tensorflow.data", datasets.data_module)
    register_module_model("tensorflow.experimental", numpy_behavior.experimental_module)
    register_module_model("tensorflow.experimental.numpy", numpy_behavior.experimental_numpy_module)
    for module, (factory, _) in SUBMODULES.items():
        register_module_model(module, factory)
    for module in OPTIMIZER_MODULES:
        register_module_model(module, lambda module=module: optimizers.optimizers_module(module))
    tf1_modules.register(
        tensorflow_module,
        {
            "nn": tf1_nn_module,
            "math": math_module,
            "linalg": linalg_module,
            "random": random_module,
        },
    )


def tf1_nn_module() -> NativeModule:
    """``tensorflow.compat.v1.nn``: ``tf.nn`` with TF1's ``softmax_cross_entropy_with_logits_v2``."""
    return _module(
        "tensorflow.nn",
        {**NN, "softmax_cross_entropy_with_logits_v2": ops.softmax_cross_entropy},
        {},
    )
