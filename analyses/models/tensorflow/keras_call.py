"""Keras 2.12's ``Layer.__call__`` as the ``call`` of a user ``Layer`` or ``Model`` subclass sees
its arguments (``Model.__call__`` adds nothing to it).

Read from keras 2.12.0: ``keras/engine/base_layer.py`` (``Layer.__call__``,
``_functional_construction_call``, ``_set_training_mode``, ``_get_input_masks``) and
``keras/utils/layer_utils.py`` (``CallFunctionSpec``). Both the eager and the functional
construction paths do, on the parameters of ``call`` (``self`` left out):

* the first argument (``inputs``) must be given, positionally or by the name of the first
  parameter; otherwise Keras raises ``ValueError`` before ``call`` runs;
* ``call`` *expects* ``training`` when it has a parameter of that name or a ``**kwargs``; Keras
  then always passes it: the value given, unless that is ``None`` or nothing was given, in which
  case the value of an outer layer's call, of ``set_learning_phase`` or the parameter's default.
  tensorls does not follow the outer calls, so a value Keras fills in is ⊤ (never the default);
* ``training=`` given by keyword to a ``call`` that does not expect it is dropped;
* ``call`` *expects* ``mask`` likewise; when no mask is given, Keras passes the inputs' masks
  (``_keras_mask``, set by an ``Embedding(mask_zero=True)``, a ``Masking`` layer or a layer's
  ``compute_mask``) if any input has one. tensorls does not track masks, so a ``mask`` parameter
  is ⊤ unless given, and a ``**kwargs`` that may receive it holds unknown keywords.

The first argument reaches ``call`` converted: a NumPy array or a Python number (alone or in a
tuple) becomes a tensor, and a floating tensor is cast to the layer's compute dtype (autocast).
tensorls does not track a layer's dtype policy: a ``float32`` input is taken to stay ``float32``
(the default policy), other floating inputs get an unknown dtype. Arrays inside lists and dicts
reach ``call`` unconverted (unknown to tensorls where it matters).

Every other argument reaches ``call`` unchanged, so a keyword ``call`` rejects (``mask=`` to a
``call`` without ``mask`` or ``**kwargs``, any other unknown keyword) and positional arguments in
excess still fail as in Python.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

from ...domains.base import TOP, AbstractValue
from ...domains.functions import BoundMethodValue, FunctionValue
from ...domains.none import NONE
from ...domains.numbers import FloatValue, IntValue
from ...domains.sequences import TupleValue
from ...interpreter.natives import CallContext
from ..values import ArrayValue
from . import messages
from .convert import operand
from .values import TensorValue

AUTOCAST_KINDS = ("tensor", "keras", "graph")
"""The tensors Keras casts to the compute dtype (not variables)."""


@dataclass(frozen=True)
class CallSpec:
    """The parameters of a ``call`` as ``CallFunctionSpec`` sees them: the names of its
    positional and keyword-only parameters after ``self``, and whether it takes ``**kwargs``."""

    names: tuple[str, ...]
    positional: tuple[str, ...]
    takes_keywords: bool

    @classmethod
    def of(cls, arguments: ast.arguments) -> CallSpec:
        positional = tuple(p.arg for p in (*arguments.posonlyargs, *arguments.args))[1:]
        names = positional + tuple(p.arg for p in arguments.kwonlyargs)
        return cls(names, positional, arguments.kwarg is not None)

    def expects(self, name: str) -> bool:
        """Whether Keras passes the reserved argument ``name`` (``training``, ``mask``)."""
        return name in self.names or self.takes_keywords

    def position(self, name: str) -> int | None:
        """The index among the arguments after ``inputs`` that a positional ``name`` takes."""
        if name not in self.positional[1:]:
            return None
        return self.positional.index(name) - 1


def layer_call(method: AbstractValue, ctx: CallContext) -> AbstractValue | None:
    """Call a user layer's bound ``call`` ``method`` with ``ctx.args``/``ctx.kwargs`` as Keras's
    ``Layer.__call__`` passes them (see the module docstring); ``None`` when ``method`` is not a
    user function."""
    if not isinstance(method, BoundMethodValue) or not isinstance(method.function, FunctionValue):
        return None
    spec = CallSpec.of(method.function.node.args)
    args = list(ctx.args)
    kwargs = dict(ctx.kwargs)
    if not args and not (spec.names and spec.names[0] in kwargs):
        if not spec.names:
            return None
        ctx.report(messages.CALL_ARGUMENTS, messages.first_call_argument())
        return TOP
    if args:
        args[0] = _converted_input(ctx, args[0])
    else:
        kwargs[spec.names[0]] = _converted_input(ctx, kwargs[spec.names[0]])
    rest = args[1:]
    complete = True
    if spec.expects("training"):
        given = _given(spec, "training", rest, kwargs)
        if given is None or given is NONE:
            _set(spec, "training", TOP, args, kwargs)
    else:
        kwargs.pop("training", None)
    if spec.expects("mask") and _given(spec, "mask", rest, kwargs) is None:
        if "mask" in spec.names:
            kwargs["mask"] = TOP
        else:
            complete = False
    return ctx.invoke(method, args, kwargs, complete=complete)


def _given(
    spec: CallSpec, name: str, rest: list[AbstractValue], kwargs: dict[str, AbstractValue]
) -> AbstractValue | None:
    """The value given for ``name`` (by keyword, or positionally after ``inputs``); None if
    not given."""
    if name in kwargs:
        return kwargs[name]
    position = spec.position(name)
    if position is not None and position < len(rest):
        return rest[position]
    return None


def _set(
    spec: CallSpec,
    name: str,
    value: AbstractValue,
    args: list[AbstractValue],
    kwargs: dict[str, AbstractValue],
) -> None:
    """Pass ``value`` for ``name`` where it was given positionally, else by keyword (Keras's
    ``CallFunctionSpec.set_arg_value``)."""
    position = spec.position(name)
    if position is not None and position + 1 < len(args):
        args[position + 1] = value
    else:
        kwargs[name] = value


def _converted_input(ctx: CallContext, value: AbstractValue) -> AbstractValue:
    """The first argument as ``call`` receives it (see the module docstring)."""
    if isinstance(value, TupleValue) and value.items is not None:
        return TupleValue.of([_converted_input(ctx, item) for item in value.items])
    if isinstance(value, TensorValue):
        return _autocast(value) if value.kind in AUTOCAST_KINDS else value
    if isinstance(value, (ArrayValue, IntValue, FloatValue)):
        converted = operand(ctx, value)
        if converted is None:
            return TOP
        origin = value.established if isinstance(value, ArrayValue) else None
        return _autocast(TensorValue(converted.shape, converted.dtype, origin))
    return value


def _autocast(tensor: TensorValue) -> TensorValue:
    if (
        tensor.dtype is None
        or tensor.dtype == "float32"
        or not tensor.dtype.startswith(("float", "bfloat"))
    ):
        return tensor
    return replace(tensor, dtype=None)
