"""Models of ``tf.*`` functions: creation, conversion, shaping, products, reductions and
``tf.nn``. Each takes the call's context and returns the result (a tensor established at the
call, ⊤ after a reported failure). Arguments follow TensorFlow 2.12's signatures (positional
order and keyword names)."""

from __future__ import annotations

from collections.abc import Callable

from ...arrays import dtypes as array_dtypes
from ...arrays import size_limits
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...interpreter.natives import CallContext
from ..calls import FAILED, int_of
from ..values import DTypeValue
from . import dtypes, rules
from .convert import TensorOperand, operand, shape_argument
from .numpy_behavior import promotion
from .support import run, tensor
from .values import TensorShapeValue, TensorValue, TFDTypeValue

Impl = Callable[[CallContext], AbstractValue]


def dtype_argument(ctx: CallContext, value: AbstractValue | None) -> str | None:
    """A ``dtype`` argument: ``tf.float32``, ``np.float32`` or ``"float32"`` (None if unknown)."""
    if isinstance(value, TFDTypeValue):
        return value.name
    if isinstance(value, DTypeValue):
        return value.name
    name = ctx.str_constant(value)
    if name is not None:
        return array_dtypes.canonical(name) if name != "bfloat16" else name
    return None


def _operand(ctx: CallContext, index: int | None, keyword: str) -> TensorOperand | object | None:
    value = ctx.arg(index, keyword)
    if value is None or value is NONE:
        return None
    return run(ctx, lambda: operand(ctx, value))


def _dims_argument(ctx: CallContext, value: AbstractValue | None) -> tuple[Dim, ...] | None:
    if value is None or value is NONE:
        return None
    return shape_argument(ctx, value)


def _bool(ctx: CallContext, index: int | None, keyword: str, default: bool) -> bool | None:
    value = ctx.arg(index, keyword)
    if value is None:
        return default
    constant = ctx.int_constant(value)
    return None if constant is None else bool(constant)


def _int(ctx: CallContext, index: int | None, keyword: str, default: Dim) -> Dim:
    value = ctx.arg(index, keyword)
    if value is None or value is NONE:
        return default
    return int_of(value)


def _shape(item: TensorOperand | object | None) -> Shape:
    return item.shape if isinstance(item, TensorOperand) else None


def _dtype(item: TensorOperand | object | None) -> str | None:
    return item.dtype if isinstance(item, TensorOperand) else None


def _list(item: TensorOperand | object | None) -> list[TensorOperand | None]:
    return [item] if isinstance(item, TensorOperand) else [None]


# creation ----------------------------------------------------------------------------------


def constant(ctx: CallContext) -> AbstractValue:
    """``tf.constant(value, dtype=None, shape=None)`` and ``tf.convert_to_tensor(value, dtype)``."""
    source = _operand(ctx, 0, "value")
    wanted = ctx.arg(1, "dtype")
    dtype = dtype_argument(ctx, wanted) if wanted not in (None, NONE) else _dtype(source)
    shape = _shape(source)
    requested = ctx.arg(2, "shape")
    if requested is not None and requested is not NONE:
        shape = _dims_argument(ctx, requested)
    if isinstance(source, TensorOperand) and source.symbolic:
        return TensorValue(shape, dtype, ctx.span(), "keras")
    return tensor(ctx, shape if source is not FAILED else FAILED, dtype)


def convert_to_tensor(ctx: CallContext) -> AbstractValue:
    """``tf.convert_to_tensor(value, dtype=None)``: a tensor argument is returned as is."""
    value = ctx.arg(0, "value")
    if isinstance(value, TensorValue) and ctx.arg(1, "dtype") in (None, NONE):
        return (
            value
            if value.kind != "variable"
            else TensorValue(value.shape, value.dtype, value.established)
        )
    source = _operand(ctx, 0, "value")
    wanted = ctx.arg(1, "dtype")
    dtype = dtype_argument(ctx, wanted) if wanted not in (None, NONE) else _dtype(source)
    return tensor(ctx, _shape(source) if source is not FAILED else FAILED, dtype, _list(source))


def _created_shape(ctx: CallContext, value: AbstractValue | None) -> Shape | object:
    """The shape of a tensor a creating op (``Fill``, ``RandomUniform``...) makes from the shape
    argument ``value``; ``FAILED`` after reporting a size TensorFlow refuses
    (``size_limits.check_tensorflow_sizes``)."""
    shape = _dims_argument(ctx, value)
    if shape is None:
        return None

    def checked() -> Shape:
        size_limits.check_tensorflow_sizes(shape)
        return shape

    return run(ctx, checked)


def filled(default_dtype: str) -> Impl:
    """``tf.zeros``/``tf.ones``(shape, dtype=float32)."""

    def impl(ctx: CallContext) -> AbstractValue:
        shape = _created_shape(ctx, ctx.arg(0, "shape"))
        wanted = ctx.arg(1, "dtype")
        dtype = dtype_argument(ctx, wanted) if wanted is not None else default_dtype
        return tensor(ctx, shape, dtype)

    return impl


def like(ctx: CallContext) -> AbstractValue:
    """``tf.zeros_like``/``tf.ones_like``(input, dtype=None)."""
    source = _operand(ctx, 0, "input")
    wanted = ctx.arg(1, "dtype")
    dtype = dtype_argument(ctx, wanted) if wanted not in (None, NONE) else _dtype(source)
    return tensor(ctx, _shape(source), dtype, _list(source))


def fill(ctx: CallContext) -> AbstractValue:
    """``tf.fill(dims, value)``: the dtype of ``value``."""
    shape = _created_shape(ctx, ctx.arg(0, "dims"))
    return tensor(ctx, shape, _dtype(_operand(ctx, 1, "value")))


def eye(ctx: CallContext) -> AbstractValue:
    """``tf.eye(num_rows, num_columns=None, batch_shape=None, dtype=float32)``."""
    rows = _int(ctx, 0, "num_rows", UNKNOWN)
    columns = _int(ctx, 1, "num_columns", rows)
    batch_value = ctx.arg(2, "batch_shape")
    batch: tuple[Dim, ...] | None = ()
    if batch_value is not None and batch_value is not NONE:
        batch = _dims_argument(ctx, batch_value)
    wanted = ctx.arg(3, "dtype")
    dtype = dtype_argument(ctx, wanted) if wanted is not None else "float32"
    shape = None if batch is None else (*batch, rows, columns)
    return tensor(ctx, shape, dtype)


def random(dtype_position: int) -> Impl:
    """``tf.random.normal/uniform/truncated_normal``(shape, ..., dtype=float32, ...)."""

    def impl(ctx: CallContext) -> AbstractValue:
        shape = _created_shape(ctx, ctx.arg(0, "shape"))
        wanted = ctx.arg(dtype_position, "dtype")
        dtype = dtype_argument(ctx, wanted) if wanted is not None else "float32"
        return tensor(ctx, shape, dtype)

    return impl


def variable(ctx: CallContext) -> AbstractValue:
    """``tf.Variable(initial_value, trainable=None, validate_shape=True, ..., dtype=None)``."""
    source = _operand(ctx, 0, "initial_value")
    wanted = ctx.kwargs.get("dtype")
    dtype = dtype_argument(ctx, wanted) if wanted not in (None, NONE) else _dtype(source)
    if source is FAILED:
        return TOP
    return TensorValue(_shape(source), dtype, ctx.span(), "variable")


def cast(ctx: CallContext) -> AbstractValue:
    """``tf.cast(x, dtype)``."""
    source = _operand(ctx, 0, "x")
    return tensor(ctx, _shape(source), dtype_argument(ctx, ctx.arg(1, "dtype")), _list(source))


def shape_of(ctx: CallContext) -> AbstractValue:
    """``tf.shape(input, out_type=int32)``: a vector of the rank's length."""
    source = _operand(ctx, 0, "input")
    shape = _shape(source)
    wanted = ctx.arg(1, "out_type")
    dtype = dtype_argument(ctx, wanted) if wanted is not None else "int32"
    return tensor(ctx, None if shape is None else (len(shape),), dtype, _list(source))


def rank(ctx: CallContext) -> AbstractValue:
    """``tf.rank(input)``: an int32 scalar."""
    return tensor(ctx, (), "int32", _list(_operand(ctx, 0, "input")))


def tensor_shape(ctx: CallContext) -> AbstractValue:
    """``tf.TensorShape(dims)``."""
    return TensorShapeValue(_dims_argument(ctx, ctx.arg(0, "dims")))


# element-wise and products ------------------------------------------------------------------


def elementwise(name: str, result_dtype: str | None = None) -> Impl:
    """``tf.add(x, y)``, ``tf.multiply``, ``tf.maximum``, ``tf.less``, ...: the dtypes of two
    tensors must agree (:mod:`.dtypes`), the shapes broadcast."""
    kernel = dtypes.FUNCTION_OPS.get(name)

    def impl(ctx: CallContext) -> AbstractValue:
        left = _operand(ctx, 0, "x")
        right = _operand(ctx, 1, "y")
        if not isinstance(left, TensorOperand) or not isinstance(right, TensorOperand):
            return TOP if FAILED in (left, right) else tensor(ctx, None, result_dtype)
        pair = [left, right]
        if (
            kernel is not None
            and run(ctx, lambda: dtypes.check(kernel, left, right), pair) is FAILED
        ):
            return TOP
        shape = run(ctx, lambda: rules.broadcast(left.shape, right.shape), pair)
        dtype = result_dtype or dtypes.result(
            "Div" if name == "divide" else name, left, right, promotion(ctx)
        )
        return tensor(ctx, shape, dtype, pair)

    return impl


def same_shape(keyword: str) -> Impl:
    """``tf.nn.relu(features)``, ``tf.nn.sigmoid(x)``, ``tf.math.exp(x)``, ``tf.nn.dropout(x,
    rate)``, ``tf.clip_by_value(t, min, max)``, ...: the first argument's shape and dtype
    (``keyword`` names the first parameter)."""

    def impl(ctx: CallContext) -> AbstractValue:
        source = _operand(ctx, 0, keyword)
        return tensor(ctx, _shape(source), _dtype(source), _list(source))

    return impl


def matmul(ctx: CallContext) -> AbstractValue:
    """``tf.matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a, adjoint_b, ...)``."""
    left = _operand(ctx, 0, "a")
    right = _operand(ctx, 1, "b")
    if not isinstance(left, TensorOperand) or not isinstance(right, TensorOperand):
        return TOP if FAILED in (left, right) else tensor(ctx, None, None)
    transpose_a = _bool(ctx, 2, "transpose_a", False)
    transpose_b = _bool(ctx, 3, "transpose_b", False)
    if ctx.arg(4, "adjoint_a") is not None or ctx.arg(5, "adjoint_b") is not None:
        return tensor(ctx, None, None, [left, right])
    pair = [left, right]
    shape = run(ctx, lambda: rules.matmul(left.shape, right.shape, transpose_a, transpose_b), pair)
    return tensor(ctx, shape, left.dtype if left.dtype == right.dtype else None, pair)


# shaping -------------------------------------------------------------------------------------


def reshape(ctx: CallContext) -> AbstractValue:
    """``tf.reshape(tensor, shape)``."""
    source = _operand(ctx, 0, "tensor")
    target = _dims_argument(ctx, ctx.arg(1, "shape"))
    if target is not None and not all(size_limits.fits_int64(size) for size in target):
        run(ctx, lambda: size_limits.check_tensorflow_shape_conversion(target))
        return TOP
    if not isinstance(source, TensorOperand) or target is None:
        return tensor(ctx, None, _dtype(source), _list(source))
    shape = run(ctx, lambda: rules.reshape(source.shape, target), [source])
    return tensor(ctx, shape, source.dtype, [source])


def transpose(ctx: CallContext) -> AbstractValue:
    """``tf.transpose(a, perm=None, conjugate=False)``."""
    source = _operand(ctx, 0, "a")
    perm_value = ctx.arg(1, "perm")
    perm = None if perm_value is None or perm_value is NONE else _dims_argument(ctx, perm_value)
    if not isinstance(source, TensorOperand) or (perm is None and perm_value not in (None, NONE)):
        return tensor(ctx, None, _dtype(source), _list(source))
    shape = run(ctx, lambda: rules.transpose(source.shape, perm), [source])
    return tensor(ctx, shape, source.dtype, [source])


def expand_dims(ctx: CallContext) -> AbstractValue:
    """``tf.expand_dims(input, axis)``."""
    source = _operand(ctx, 0, "input")
    axis = _int(ctx, 1, "axis", UNKNOWN)
    if not isinstance(source, TensorOperand):
        return tensor(ctx, None, None)
    shape = run(ctx, lambda: rules.expand_dims(source.shape, axis), [source])
    return tensor(ctx, shape, source.dtype, [source])


def _axes(ctx: CallContext, value: AbstractValue | None) -> tuple[Dim, ...] | object | None:
    """An axis argument: ``None`` when absent, a tuple of ints, or ``UNKNOWN``."""
    if value is None or value is NONE:
        return None
    constant = ctx.int_constant(value)
    if constant is not None:
        return (constant,)
    axes = _dims_argument(ctx, value)
    return UNKNOWN if axes is None else axes


def squeeze(ctx: CallContext) -> AbstractValue:
    """``tf.squeeze(input, axis=None)``."""
    source = _operand(ctx, 0, "input")
    axes = _axes(ctx, ctx.arg(1, "axis"))
    if not isinstance(source, TensorOperand) or axes is UNKNOWN:
        return tensor(ctx, None, _dtype(source), _list(source))
    shape = run(ctx, lambda: rules.squeeze(source.shape, axes), [source])  # type: ignore[arg-type]
    return tensor(ctx, shape, source.dtype, [source])


def _tensor_list(
    ctx: CallContext, value: AbstractValue | None
) -> list[TensorOperand | None] | None:
    items = ctx.sequence_items(value)
    if items is None:
        return None
    result: list[TensorOperand | None] = []
    for item in items:
        converted = run(ctx, lambda item=item: operand(ctx, item))
        result.append(converted if isinstance(converted, TensorOperand) else None)
    return result


def concat(ctx: CallContext) -> AbstractValue:
    """``tf.concat(values, axis)``."""
    values = _tensor_list(ctx, ctx.arg(0, "values"))
    axis = _int(ctx, 1, "axis", UNKNOWN)
    if values is None or any(item is None for item in values):
        return tensor(ctx, None, None, values or [])
    shapes_ = [item.shape for item in values if item is not None]
    shape = run(ctx, lambda: rules.concat(shapes_, axis), values)
    kinds = {item.dtype for item in values if item is not None}
    return tensor(ctx, shape, kinds.pop() if len(kinds) == 1 else None, values)


def stack(ctx: CallContext) -> AbstractValue:
    """``tf.stack(values, axis=0)``."""
    values = _tensor_list(ctx, ctx.arg(0, "values"))
    axis = _int(ctx, 1, "axis", 0)
    if values is None or any(item is None for item in values) or not values:
        return tensor(ctx, None, None, values or [])
    shapes_ = [item.shape for item in values if item is not None]
    shape = run(ctx, lambda: rules.stack(shapes_, axis), values)
    kinds = {item.dtype for item in values if item is not None}
    return tensor(ctx, shape, kinds.pop() if len(kinds) == 1 else None, values)


# reductions ----------------------------------------------------------------------------------


REDUCTION_KEYWORDS = frozenset({"input_tensor", "axis", "keepdims", "name"})


def reduction(kind: str) -> Impl:
    """``tf.reduce_sum/mean/max/min/prod/any/all(input_tensor, axis=None, keepdims=False)``;
    with TF1's ``reduction_indices``/``keep_dims`` or any other keyword the shape is unknown."""

    def impl(ctx: CallContext) -> AbstractValue:
        source = _operand(ctx, 0, "input_tensor")
        axes = _axes(ctx, ctx.arg(1, "axis"))
        keepdims = _bool(ctx, 2, "keepdims", False)
        dtype = "bool" if kind == "logical" else _dtype(source)
        if (
            not isinstance(source, TensorOperand)
            or axes is UNKNOWN
            or not REDUCTION_KEYWORDS.issuperset(ctx.kwargs)
        ):
            return tensor(ctx, None, dtype, _list(source))
        shape = run(ctx, lambda: rules.reduce(source.shape, axes, keepdims), [source])  # type: ignore[arg-type]
        return tensor(ctx, shape, dtype, [source])

    return impl


ARG_REDUCTION_KEYWORDS = frozenset({"input", "axis", "output_type", "name"})


def arg_reduction(ctx: CallContext) -> AbstractValue:
    """``tf.argmax/argmin(input, axis=None, output_type=int64)`` (``axis=None`` means 0); with
    TF1's ``dimension`` or any other keyword the shape is unknown."""
    source = _operand(ctx, 0, "input")
    axis = _int(ctx, 1, "axis", 0)
    wanted = ctx.arg(2, "output_type")
    dtype = dtype_argument(ctx, wanted) if wanted is not None else "int64"
    if not isinstance(source, TensorOperand) or not ARG_REDUCTION_KEYWORDS.issuperset(ctx.kwargs):
        return tensor(ctx, None, dtype)
    shape = run(ctx, lambda: rules.arg_reduce(source.shape, axis), [source])
    return tensor(ctx, shape, dtype, [source])


def one_hot(ctx: CallContext) -> AbstractValue:
    """``tf.one_hot(indices, depth, on_value, off_value, axis=None, dtype=None)``."""
    source = _operand(ctx, 0, "indices")
    depth = _int(ctx, 1, "depth", UNKNOWN)
    axis = _int(ctx, 4, "axis", -1)
    wanted = ctx.arg(5, "dtype")
    dtype = dtype_argument(ctx, wanted) if wanted is not None else None
    if wanted is None and ctx.arg(2, "on_value") is None and ctx.arg(3, "off_value") is None:
        dtype = "float32"
    if not isinstance(source, TensorOperand):
        return tensor(ctx, None, dtype)
    shape = run(ctx, lambda: rules.one_hot(source.shape, depth, axis), [source])
    return tensor(ctx, shape, dtype, [source])


def softmax(ctx: CallContext) -> AbstractValue:
    """``tf.nn.softmax/log_softmax(logits, axis=None)``."""
    source = _operand(ctx, 0, "logits")
    axis = _int(ctx, 1, "axis", -1)
    if not isinstance(source, TensorOperand):
        return tensor(ctx, None, None)
    shape = run(ctx, lambda: rules.softmax(source.shape, axis), [source])
    return tensor(ctx, shape, source.dtype, [source])


def softmax_cross_entropy(ctx: CallContext) -> AbstractValue:
    """``tf.nn.softmax_cross_entropy_with_logits(labels, logits, axis=-1)``."""
    labels = _operand(ctx, 0, "labels")
    logits = _operand(ctx, 1, "logits")
    axis = _int(ctx, 2, "axis", -1)
    if not isinstance(labels, TensorOperand) or not isinstance(logits, TensorOperand):
        return tensor(ctx, None, None)
    if axis != -1:
        return tensor(ctx, None, logits.dtype, [labels, logits])
    pair = [labels, logits]
    shape = run(ctx, lambda: rules.softmax_cross_entropy(labels.shape, logits.shape), pair)
    return tensor(ctx, shape, logits.dtype, pair)


def sparse_softmax_cross_entropy(ctx: CallContext) -> AbstractValue:
    """``tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits)``."""
    labels = _operand(ctx, 0, "labels")
    logits = _operand(ctx, 1, "logits")
    if not isinstance(labels, TensorOperand) or not isinstance(logits, TensorOperand):
        return tensor(ctx, None, None)
    pair = [labels, logits]
    shape = run(ctx, lambda: rules.sparse_softmax_cross_entropy(labels.shape, logits.shape), pair)
    return tensor(ctx, shape, logits.dtype, pair)


def dtype_name(ctx: CallContext) -> AbstractValue:
    """``tf.as_dtype(name)``."""
    name = dtype_argument(ctx, ctx.arg(0, "type_value"))
    return TFDTypeValue(name) if name is not None else TOP


# more shaping, selection and Keras losses ------------------------------------------------------


def tile(ctx: CallContext) -> AbstractValue:
    """``tf.tile(input, multiples)``."""
    source = _operand(ctx, 0, "input")
    multiples = _dims_argument(ctx, ctx.arg(1, "multiples"))
    if not isinstance(source, TensorOperand):
        return tensor(ctx, None, None)
    shape = run(ctx, lambda: rules.tile(source.shape, multiples), [source])
    return tensor(ctx, shape, source.dtype, [source])


def split(ctx: CallContext) -> AbstractValue:
    """``tf.split(value, num_or_size_splits, axis=0)``: a list of tensors."""
    source = _operand(ctx, 0, "value")
    parts_value = ctx.arg(1, "num_or_size_splits")
    axis = _int(ctx, 2, "axis", 0)
    count = ctx.int_constant(parts_value)
    parts: Dim | tuple[Dim, ...] | None = count
    if count is None:
        parts = _dims_argument(ctx, parts_value)
    if not isinstance(source, TensorOperand) or parts is None:
        return TOP
    pieces = run(ctx, lambda: rules.split(source.shape, parts, axis), [source])  # type: ignore[arg-type]
    if pieces is FAILED or pieces is None:
        return TOP
    items = [tensor(ctx, piece, source.dtype, [source]) for piece in pieces]  # type: ignore[union-attr]
    return ctx.make_list(items)


def gather(ctx: CallContext) -> AbstractValue:
    """``tf.gather(params, indices, validate_indices=None, axis=None, batch_dims=0)``."""
    params = _operand(ctx, 0, "params")
    indices = _operand(ctx, 1, "indices")
    axis = _int(ctx, 3, "axis", 0)
    if _int(ctx, 4, "batch_dims", 0) != 0:
        return tensor(ctx, None, _dtype(params))
    if not isinstance(params, TensorOperand) or not isinstance(indices, TensorOperand):
        return tensor(ctx, None, _dtype(params))
    pair = [params, indices]
    shape = run(ctx, lambda: rules.gather(params.shape, indices.shape, axis), pair)
    return tensor(ctx, shape, params.dtype, pair)


def tensordot(ctx: CallContext) -> AbstractValue:
    """``tf.tensordot(a, b, axes)`` with an integer ``axes``."""
    left = _operand(ctx, 0, "a")
    right = _operand(ctx, 1, "b")
    axes = ctx.int_constant(ctx.arg(2, "axes"))
    if not isinstance(left, TensorOperand) or not isinstance(right, TensorOperand):
        return tensor(ctx, None, None)
    pair = [left, right]
    shape = run(ctx, lambda: rules.tensordot(left.shape, right.shape, axes), pair)
    return tensor(ctx, shape, left.dtype if left.dtype == right.dtype else None, pair)


def einsum(ctx: CallContext) -> AbstractValue:
    """``tf.einsum(equation, *inputs)`` with an explicit output."""
    equation = ctx.str_constant(ctx.arg(0, "equation"))
    converted = [run(ctx, lambda item=item: operand(ctx, item)) for item in ctx.args[1:]]
    values = [item if isinstance(item, TensorOperand) else None for item in converted]
    if equation is None or any(item is None for item in values) or not values:
        return tensor(ctx, None, None)
    shapes_ = [item.shape for item in values if item is not None]
    shape = run(ctx, lambda: rules.einsum(equation, shapes_), values)
    kinds = {item.dtype for item in values if item is not None}
    return tensor(ctx, shape, kinds.pop() if len(kinds) == 1 else None, values)


def where(ctx: CallContext) -> AbstractValue:
    """``tf.where(condition, x=None, y=None)``: with ``x`` and ``y`` the three shapes broadcast;
    alone, the coordinates of the true elements (``(count, rank)``, int64). Which form is called
    is decided by whether ``x`` and ``y`` are passed, never by whether their values are known (an
    unknown ``x`` or ``y`` makes the result unknown)."""
    condition = _operand(ctx, 0, "condition")
    then, other = _operand(ctx, 1, "x"), _operand(ctx, 2, "y")
    passed = [ctx.arg(1, "x"), ctx.arg(2, "y")]
    if all(value is None or value is NONE for value in passed):
        shape = _shape(condition)
        return tensor(ctx, None if shape is None else (UNKNOWN, len(shape)), "int64")
    if not all(isinstance(item, TensorOperand) for item in (condition, then, other)):
        return tensor(ctx, None, None)
    assert isinstance(condition, TensorOperand)
    assert isinstance(then, TensorOperand) and isinstance(other, TensorOperand)
    triple = [condition, then, other]
    shape = run(ctx, lambda: rules.where(condition.shape, then.shape, other.shape), triple)
    return tensor(ctx, shape, then.dtype if then.dtype == other.dtype else None, triple)


def keras_loss(rule: Callable[[Shape, Shape], Shape]) -> Impl:
    """``tf.keras.losses.<loss>(y_true, y_pred)``: one value per row."""

    def impl(ctx: CallContext) -> AbstractValue:
        y_true = _operand(ctx, 0, "y_true")
        y_pred = _operand(ctx, 1, "y_pred")
        if not isinstance(y_true, TensorOperand) or not isinstance(y_pred, TensorOperand):
            return tensor(ctx, None, None)
        pair = [y_true, y_pred]
        shape = run(ctx, lambda: rule(y_true.shape, y_pred.shape), pair)
        return tensor(ctx, shape, y_pred.dtype, pair)

    return impl
