"""``tf.compat.v1.layers`` in a graph: ``dense`` and ``flatten`` (shapes only; the variables they
create are not modelled). Any other layer function is unknown."""

from __future__ import annotations

from ...arrays import dims
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...interpreter.natives import CallContext, NativeFunction, NativeModule
from ..calls import int_of
from .graphs import GRAPH_KIND, as_graph_tensor, graph_mode
from .values import TensorValue


def _graph_input(ctx: CallContext) -> TensorValue | None:
    """The ``inputs`` argument when it is a tensor of a graph being built."""
    value = ctx.arg(0, "inputs")
    if not isinstance(value, TensorValue) or value.shape is None:
        return None
    if value.kind != GRAPH_KIND and graph_mode(ctx) is not True:
        return None
    return value


def dense(ctx: CallContext) -> AbstractValue:
    """``tf.compat.v1.layers.dense(inputs, units, ...)``: the last size becomes ``units`` (it must
    be known when the layer is built; an unknown one is not modelled)."""
    source = _graph_input(ctx)
    units = int_of(ctx.arg(1, "units"))
    if source is None or not source.shape or not isinstance(source.shape[-1], int):
        return TOP
    shape: Shape = (*source.shape[:-1], units)
    result = TensorValue(shape, source.dtype, ctx.span())
    return as_graph_tensor(
        result,
        "Dense",
        (source,),
        lambda shapes_: (*shapes_[0][:-1], units) if isinstance(units, int) else None,
        ctx.span(),
    )


def flatten(ctx: CallContext) -> AbstractValue:
    """``tf.compat.v1.layers.flatten(inputs)``: the batch and the product of the other sizes."""
    source = _graph_input(ctx)
    if source is None or not source.shape:
        return TOP
    result = TensorValue(
        (source.shape[0], dims.product(source.shape[1:])), source.dtype, ctx.span()
    )
    return as_graph_tensor(
        result,
        "Flatten",
        (source,),
        lambda shapes_: (shapes_[0][0], dims.product(shapes_[0][1:])),
        ctx.span(),
    )


def get_variable(ctx: CallContext) -> AbstractValue:
    """``tf.compat.v1.get_variable(name, shape=None, dtype=None, initializer=None, ...)``: a
    variable of ``shape`` (unknown without one; reuse of an existing variable is not modelled)."""
    from .convert import shape_argument
    from .ops import dtype_argument

    requested = ctx.arg(1, "shape")
    shape = shape_argument(ctx, requested) if requested is not None else None
    wanted = ctx.arg(2, "dtype")
    dtype = dtype_argument(ctx, wanted) if wanted is not None else "float32"
    if shape is None:
        return TOP
    return TensorValue(shape, dtype, ctx.span(), "variable")


def layers_module() -> NativeModule:
    return NativeModule(
        "tensorflow.compat.v1.layers",
        {
            "dense": NativeFunction("tensorflow.compat.v1.layers.dense", dense),
            "flatten": NativeFunction("tensorflow.compat.v1.layers.flatten", flatten),
        },
    )
