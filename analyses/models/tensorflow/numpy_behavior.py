"""``tf.experimental.numpy.experimental_enable_numpy_behavior(prefer_float32=False)`` (TensorFlow
2.12's signature; ``import tensorflow.experimental.numpy as tnp`` then
``tnp.experimental_enable_numpy_behavior()`` is the same function): from the call on, the Python
operators of tensors promote mixed dtypes as NumPy does instead of failing (see
:func:`.dtypes.result`), and ``prefer_float32`` decides whether a Python float counts as
``float32`` or as a weak ``float64``.

Whether it was called is model state along the program's paths (``promotion``): ``OFF`` until a
call, the preferred float dtype after it, unknown (``None``) where some paths called it and others
did not, or with a ``prefer_float32`` that is not a constant. The other names of
``tensorflow.experimental`` and ``tensorflow.experimental.numpy`` are unknown.
"""

from __future__ import annotations

from ...domains.base import AbstractValue
from ...domains.none import NONE
from ...domains.strings import StrValue
from ...interpreter.natives import CallContext, NativeFunction, NativeModule

OFF = "off"
"""The promotion mode before any call: TensorFlow's own (mixed dtypes fail)."""
NUMPY_FLOAT64 = "float64"
"""NumPy promotion, a Python float being a weak ``float64`` (``prefer_float32=False``)."""
NUMPY_FLOAT32 = "float32"
"""NumPy promotion, a Python float being a ``float32`` (``prefer_float32=True``)."""
Promotion = str | None
"""``OFF``, ``NUMPY_FLOAT64``, ``NUMPY_FLOAT32`` or ``None`` (unknown: any of them)."""

STATE = "tensorflow.numpy_behavior"
"""The model-state name of the promotion mode."""


def promotion(ctx: CallContext) -> Promotion:
    """The promotion mode on the current path."""
    mode = ctx.str_constant(ctx.model_state(STATE, StrValue(OFF)))
    return mode if mode in (OFF, NUMPY_FLOAT64, NUMPY_FLOAT32) else None


def enable_numpy_behavior(ctx: CallContext) -> AbstractValue:
    """``experimental_enable_numpy_behavior(prefer_float32=False)``: returns ``None``."""
    prefer = ctx.arg(0, "prefer_float32")
    preference = False if prefer is None else ctx.bool_constant(prefer)
    if preference is None:
        ctx.set_model_state(STATE, StrValue(None))
    else:
        ctx.set_model_state(STATE, StrValue(NUMPY_FLOAT32 if preference else NUMPY_FLOAT64))
    return NONE


def experimental_numpy_module() -> NativeModule:
    return NativeModule(
        "tensorflow.experimental.numpy",
        {
            "experimental_enable_numpy_behavior": NativeFunction(
                "tensorflow.experimental.numpy.experimental_enable_numpy_behavior",
                enable_numpy_behavior,
            )
        },
    )


def experimental_module() -> NativeModule:
    return NativeModule("tensorflow.experimental", {})
