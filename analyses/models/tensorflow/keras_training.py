"""Training a Keras model (Keras 2.12): ``compile``, ``fit``, ``evaluate``, ``predict``,
``train_on_batch``, ``test_on_batch`` and ``predict_on_batch`` with ``x``/``y`` given as arrays,
tensors or a ``tf.data`` dataset of ``(x, y)``.

``compile`` appends its ``loss`` to the model's heap list (so control flow and escapes are
tracked by the interpreter); a model whose list is certainly empty was never compiled. What is
reported, each where Keras certainly raises it and in its words:

* training or evaluating a model never compiled (Keras's ``RuntimeError``);
* arrays whose numbers of samples differ ("Data cardinality is ambiguous");
* the first batch against the model's declared input shape (the same check as calling it). The
  batch size Keras traces is the array's size for ``*_on_batch``; for ``fit``/``evaluate``/
  ``predict`` it is ``batch_size`` (32 by default) when it divides the number of samples, else
  unknown (``None``); a dataset's batch size is its element spec's;
* the labels against the model's output for the loss named by a string:
  ``categorical_crossentropy`` needs labels shaped like the output (rank-1 labels of a rank-2
  output are first given a trailing size 1), ``sparse_categorical_crossentropy`` with rank-2
  labels of a rank-2 output flattens them, which fails unless their last size is 1 (reported
  only when every size is known: otherwise the failure is worded at run time),
  ``binary_crossentropy`` after a final ``sigmoid`` of a ``Sequential`` model needs labels shaped
  like the output (rank-1 labels of a rank-2 output first given a trailing size 1; without the
  sigmoid Keras broadcasts instead, which is not checked).

A model of several inputs or outputs takes lists or dicts of arrays (in its structure): their
numbers of samples must agree and each input must fit its declared shape; its labels are not
checked. A loss object (``losses.SparseCategoricalCrossentropy()``, ...) without ``from_logits`` counts as
its loss function. ``validation_split`` and data given otherwise are not checked (their outcome
is unknown, silently). ``predict`` returns a NumPy array of the output's shape
for the whole input.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...arrays import dims
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.functions import BuiltinMethodValue
from ...domains.none import NONE
from ...domains.sequences import TupleValue
from ...interpreter.natives import CallContext, NativeFunction
from ..calls import FAILED
from ..horovod.keras_fit import record_compile, record_training
from ..values import ArrayValue
from . import messages
from .convert import TensorOperand, operand
from .datasets import DatasetValue
from .keras_layers import FAILED_LAYER
from .support import run
from .values import TensorValue, printed

if TYPE_CHECKING:
    from .keras_models import FunctionalValue, SequentialValue, Structure

    Model = SequentialValue | FunctionalValue

TRAINING = ("fit", "evaluate", "train_on_batch", "test_on_batch")
PREDICTING = ("predict", "predict_on_batch")
BATCH_SIZE_POSITION = {"fit": 2, "evaluate": 2, "predict": 1}
DEFAULT_BATCH_SIZE = 32
MODELLED = ("compile", *TRAINING, *PREDICTING)


def method(model: Model, name: str) -> AbstractValue:
    """The bound method ``name`` of ``model`` (⊤ when not modelled)."""
    if name == "compile":
        return NativeFunction("Model.compile", lambda ctx: _compile(model, ctx))
    if name in TRAINING or name in PREDICTING:
        return NativeFunction(f"Model.{name}", lambda ctx: _train(model, name, ctx))
    return TOP


def _compile(model: Model, ctx: CallContext) -> AbstractValue:
    """``compile(optimizer="rmsprop", loss=None, ...)``: records the loss (and, for the rank
    checks, whether the optimizer is distributed)."""
    record_compile(model.compiled, ctx)
    if model.compiled is not TOP:
        loss = ctx.arg(1, "loss", NONE)
        ctx.invoke(BuiltinMethodValue("list", "append", model.compiled), [loss])
    return NONE


@dataclass(frozen=True)
class _Data:
    """The first batch's ``x`` and ``y`` shapes (``y`` ``None`` when absent or unknown), the
    number of samples (for ``predict``) and where ``x``'s shape was established."""

    x: tuple[Dim, ...]
    y: Shape
    samples: Dim
    origin: object
    generated: bool = False
    """The batch is what a Python generator yields."""


def _batch_size(model_method: str, ctx: CallContext, samples: Dim) -> Dim:
    """The batch size Keras traces for ``samples`` arrays (see the module docstring)."""
    if model_method.endswith("_on_batch"):
        return samples
    if ctx.kwargs.get("validation_split") not in (None, NONE):
        return UNKNOWN
    given = ctx.arg(BATCH_SIZE_POSITION[model_method], "batch_size")
    size = DEFAULT_BATCH_SIZE if given in (None, NONE) else ctx.int_constant(given)
    if size is None or size <= 0 or not isinstance(samples, int) or samples <= 0:
        return UNKNOWN
    if samples % size == 0:
        return size
    span = ctx.fixed_span()
    return dims.symbol(
        "None",
        f"{span.start.line}:{span.start.character}:keras-batch",
        f"batch size traced by the call at line {span.start.line + 1}",
    )


def _array(ctx: CallContext, value: AbstractValue | None) -> TensorOperand | None:
    """An eager tensor or NumPy array argument (lists may be several inputs: not modelled)."""
    if not isinstance(value, (TensorValue, ArrayValue)) or (
        isinstance(value, TensorValue) and value.symbolic
    ):
        return None
    found = run(ctx, lambda: operand(ctx, value))
    return found if isinstance(found, TensorOperand) and found.shape else None


def _data(model_method: str, ctx: CallContext) -> _Data | object | None:
    """The first batch of the call's data; ``FAILED`` after a reported cardinality failure."""
    x = ctx.arg(0, "x")
    if isinstance(x, DatasetValue):
        element = x.element
        parts = element if isinstance(element, tuple) else (element,)
        first = parts[0] if parts else None
        if not isinstance(first, TensorValue) or not first.shape:
            return None
        labels = parts[1] if len(parts) > 1 else None
        y = labels.shape if isinstance(labels, TensorValue) else None
        return _Data(first.shape, y, UNKNOWN, None)
    batch = ctx.iterator_element(x)
    if batch is not None:
        return _generated(ctx, batch)
    inputs = _array(ctx, x)
    if inputs is None or inputs.shape is None:
        return None
    samples = inputs.shape[0]
    targets = _array(ctx, ctx.arg(1, "y")) if model_method in TRAINING else None
    y_shape = None
    if targets is not None and targets.shape is not None:
        count = targets.shape[0]
        if isinstance(samples, int) and isinstance(count, int) and samples != count:
            ctx.report(messages.CARDINALITY, messages.ambiguous_cardinality([samples], [count]))
            return FAILED
        y_shape = targets.shape
    batch = _batch_size(model_method, ctx, samples)
    y_batch = None if y_shape is None else (batch, *y_shape[1:])
    return _Data((batch, *inputs.shape[1:]), y_batch, samples, inputs.origin)


def _generated(ctx: CallContext, batch: AbstractValue) -> _Data | None:
    """The batch a Python generator given as ``x`` yields: ``(inputs, targets)`` or
    ``(inputs, targets, sample_weights)`` with a known array as inputs (``inputs`` alone, or a
    one-item tuple, for ``predict``); None otherwise (the samples are not counted). Keras traces
    a model not built yet by calling it on the first batch; a built one is traced with the ranks of
    the batches only (every size ``None``: ``GeneratorDataAdapter``), see ``_ranks_only``."""
    parts = ctx.sequence_items(batch) if isinstance(batch, TupleValue) else [batch]
    if parts is None or not 1 <= len(parts) <= 3:
        return None
    inputs = _array(ctx, parts[0])
    if inputs is None or inputs.shape is None:
        return None
    targets = _array(ctx, parts[1]) if len(parts) > 1 else None
    y = targets.shape if targets is not None else None
    return _Data(inputs.shape, y, UNKNOWN, inputs.origin, generated=True)


def _ranks_only(ctx: CallContext, data: _Data) -> _Data:
    """``data`` with every size Keras's ``None`` (how Keras traces a built model on a
    generator): one symbol per size, each as unknown as a batch size."""
    span = ctx.fixed_span()

    def unknown_sizes(shape: tuple[Dim, ...], part: str) -> tuple[Dim, ...]:
        return tuple(
            dims.symbol(
                "None",
                f"{span.start.line}:{span.start.character}:generated-{part}{axis}",
                f"size traced for the generator's batches at line {span.start.line + 1}",
            )
            for axis in range(len(shape))
        )

    y = None if data.y is None else unknown_sizes(data.y, "y")
    return _Data(unknown_sizes(data.x, "x"), y, data.samples, data.origin, generated=True)


def _train(model: Model, model_method: str, ctx: CallContext) -> AbstractValue:
    record_training(model.compiled, model_method, ctx)
    never_compiled = model.compiled is not TOP and ctx.sequence_items(model.compiled) == []
    if model_method in TRAINING and never_compiled:
        ctx.report(messages.NOT_COMPILED, messages.not_compiled())
        return TOP
    from .keras_models import FunctionalValue

    if isinstance(model, FunctionalValue) and not (model.inputs.single and model.outputs.single):
        return _train_structured(model, model_method, ctx)
    data = _data(model_method, ctx)
    if data is FAILED or not isinstance(data, _Data):
        return TOP
    declared = model.input_shape(ctx)
    if declared is not None and data.generated:
        data = _ranks_only(ctx, data)
    source = TensorOperand(data.x, None, False, data.origin)  # type: ignore[arg-type]
    from .keras_models import SequentialValue

    if isinstance(model, SequentialValue) and not data.generated:
        checked = model.checked_output(ctx, source, in_graph=True)
        if checked is FAILED_LAYER:
            return TOP
        return _finish(ctx, model, model_method, data, checked)  # type: ignore[arg-type]
    if declared is not None:
        from .keras_models import accepts

        if not accepts(ctx, model.name, declared, source):
            return TOP
        if len(declared) != len(data.x):
            return TOP
    output = model.output(ctx, declared if data.generated and declared is not None else data.x)
    return _finish(ctx, model, model_method, data, output)


def _finish(
    ctx: CallContext, model: Model, model_method: str, data: _Data, output: Shape
) -> AbstractValue:
    """``predict``'s array of ``output`` rows for the whole input; the labels checked against
    ``output`` for the compiled loss otherwise."""
    if model_method in PREDICTING:
        if output is None or not output:
            return TOP
        return ArrayValue((data.samples, *output[1:]), "float32", ctx.span())  # type: ignore[arg-type]
    if output is not None and data.y is not None and model.compiled is not TOP:
        _check_labels(ctx, model, data.y, output)
    return TOP


def _arrays(
    ctx: CallContext, structure: Structure, value: AbstractValue | None
) -> list[TensorOperand] | None:
    """The arrays given for a model's inputs (or outputs) in its structure's order; ``None``
    unless each is a known eager tensor or array."""
    if value is None or value is NONE:
        return None
    matched = structure.matched(ctx, value)
    if matched is None:
        return None
    found = [_array(ctx, item) for item in matched]
    return None if any(item is None for item in found) else found  # type: ignore[return-value]


def _train_structured(model: FunctionalValue, model_method: str, ctx: CallContext) -> AbstractValue:
    """Training or predicting with a model of several inputs or outputs given lists or dicts of
    arrays: the numbers of samples agree, each input fits its declared shape (reported as Keras
    words it, with the input's index when the model's name is given); ``predict`` gives an
    array per output. The labels are not checked against the losses."""
    from .keras_models import accepts, substitute

    inputs = _arrays(ctx, model.inputs, ctx.arg(0, "x"))
    if inputs is None:
        return TOP
    targets = _arrays(ctx, model.outputs, ctx.arg(1, "y")) if model_method in TRAINING else []
    x_sizes = [item.shape[0] for item in inputs]  # type: ignore[index]
    y_sizes = [item.shape[0] for item in targets or ()]  # type: ignore[index]
    sizes = x_sizes + y_sizes
    if all(isinstance(size, int) for size in sizes) and len(set(sizes)) > 1:
        ctx.report(messages.CARDINALITY, messages.ambiguous_cardinality(x_sizes, y_sizes))  # type: ignore[arg-type]
        return TOP
    samples = x_sizes[0]
    batch = _batch_size(model_method, ctx, samples)
    pairs: list[tuple[Shape, Shape]] = []
    for index, (declared, given) in enumerate(zip(model.inputs.tensors, inputs, strict=True)):
        shape = (batch, *given.shape[1:])  # type: ignore[index]
        source = TensorOperand(shape, given.dtype, False, given.origin)
        if declared.shape is not None and not accepts(
            ctx, model.name, declared.shape, source, index
        ):
            return TOP
        pairs.append((declared.shape, shape))
    if model_method not in PREDICTING:
        return TOP
    arrays: list[AbstractValue] = []
    for output in model.outputs.tensors:
        shape = substitute(pairs, output.shape)
        if not shape:
            return TOP
        arrays.append(ArrayValue((samples, *shape[1:]), "float32", ctx.span()))
    return model.outputs.build(ctx, arrays)


def _sigmoid_output(ctx: CallContext, model: Model) -> bool:
    """Whether the model certainly ends in a ``sigmoid`` activation (Keras then computes
    ``binary_crossentropy`` from the logits before it, with their shape check)."""
    from .keras_models import SequentialValue

    if not isinstance(model, SequentialValue):
        return False
    last = model.last_layer(ctx)
    return last is not None and last.option("activation") == "sigmoid"


def _certainly_unequal_labels(
    labels: tuple[Dim, ...], output: tuple[Dim, ...]
) -> tuple[str, str] | None:
    """The printed label and output shapes when labels that must equal the output (a rank-1
    label counting as ``(n, 1)`` against a rank-2 output) certainly differ from it in a size;
    None when they may be equal or a size is not printable."""
    if len(output) == 2 and len(labels) == 1:
        labels = (*labels, 1)
    if len(labels) != len(output):
        return None
    if not any(dims.certainly_different(a, b) for a, b in zip(labels, output, strict=True)):
        return None
    shown_labels, shown_output = printed(labels), printed(output)
    if shown_labels is None or shown_output is None:
        return None
    return shown_labels, shown_output


LOSS_MODULES = ("tensorflow.keras.losses.", "keras.losses.")
"""Where the loss functions given to ``compile`` by reference come from."""


def _loss_name(ctx: CallContext, given: AbstractValue) -> str | None:
    """The loss function ``compile`` was given: its name, a loss function of ``keras.losses``
    given by reference (Keras wraps it in a ``LossFunctionWrapper`` with its defaults), or a
    loss object without ``from_logits``; ``None`` otherwise."""
    from .keras_losses import LossValue

    if isinstance(given, LossValue):
        return given.function if given.from_logits is False else None
    if isinstance(given, NativeFunction) and given.name.startswith(LOSS_MODULES):
        return given.name.rsplit(".", 1)[-1]
    return ctx.str_constant(given)


def _check_labels(ctx: CallContext, model: Model, labels: tuple[Dim, ...], output: Shape) -> None:
    """Report labels that certainly do not fit the output for the compiled loss."""
    losses = ctx.sequence_items(model.compiled)
    if not losses or output is None:
        return
    loss = _loss_name(ctx, losses[-1])
    if loss == "categorical_crossentropy":
        shown = _certainly_unequal_labels(labels, output)
        if shown is not None:
            ctx.report(messages.LABELS, messages.incompatible_keras(*shown))
    elif loss == "binary_crossentropy" and _sigmoid_output(ctx, model):
        shown = _certainly_unequal_labels(labels, output)
        if shown is not None:
            ctx.report(messages.LABELS, messages.sigmoid_labels(shown[1], shown[0]))
    elif loss == "sparse_categorical_crossentropy":
        if len(output) != 2 or len(labels) != 2:
            return
        batch, width = labels
        classes = output[1]
        if not all(isinstance(size, int) for size in (batch, width, classes)) or width == 1:
            return
        flat = (batch * width,)  # type: ignore[operator]
        ctx.report(messages.LABELS, messages.sparse_labels_shape(flat, (batch, classes)))
