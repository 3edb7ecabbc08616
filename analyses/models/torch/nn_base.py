"""The value of a ``torch.nn`` layer and running its forward rule at a call.

A layer is an immutable value of its class name and configuration (its constructor arguments
as far as they are known) and its forward rule. Its parameters are not tracked: a layer converted
with ``.double()`` or moved to another device is the same value, so a layer never reports a dtype
failure, and its result has the input's dtype when that is a floating dtype (otherwise unknown).
Whether the layer is in training or evaluation mode is not tracked either: failures that depend
on the mode (``BatchNorm`` with one sample, a ``TransformerEncoderLayer``'s fast path) are never
reported.

A forward rule raises ``CertainShapeError`` (PyTorch's message) for a failure certain on every
execution, :class:`Silent` for one that is certain but whose message cannot be worded exactly
(a printed size is not a constant), and returns the result otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...arrays import dims, shapes, size_limits
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import CertainShapeError
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.functions import BoundMethodValue
from ...domains.none import NONE
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from ..calls import established_here, int_of
from . import dtypes
from . import nn_messages as words
from .convert import TorchOperand, operand
from .values import TorchTensor

Config = tuple[tuple[str, object], ...]
Forward = Callable[["LayerValue", CallContext], AbstractValue]
ShapeRule = Callable[["LayerValue", tuple[Dim, ...]], Shape]


HIDDEN_OPTIONS = ("family", "known", "weight_shape", "bias_shape", "running_stats")
"""Configuration entries that are the model's bookkeeping, not PyTorch arguments."""
WINDOW_FIELDS = ("kernel", "stride", "padding")
"""The fields of a convolution's or pooling's window shown in a layer's description."""


class Silent(Exception):
    """A certain failure whose message cannot be worded exactly (not reported)."""


@dataclass(frozen=True, slots=True)
class LayerValue(NativeValue):
    """A ``torch.nn`` layer of class ``kind``: ``config`` holds its known constructor arguments
    (``None`` for one not known) and ``forward`` computes a call's result. A ``weight_shape`` or
    ``bias_shape`` entry makes ``layer.weight``/``layer.bias`` a tensor of that shape (of an
    unknown dtype: ``.double()`` is not tracked)."""

    kind: str
    config: Config
    forward: Forward

    def option(self, key: str) -> object:
        return dict(self.config).get(key)

    def instance_classes(self) -> tuple[str, ...]:
        return ("torch.nn.Module",)

    def describe(self) -> str:
        """``nn.Conv2d(in_channels=1, out_channels=6, kernel_size=(5, 5), ...)``: the known
        configuration (a window's sizes included)."""
        shown: list[str] = []
        for key, value in self.config:
            if key in HIDDEN_OPTIONS:
                continue
            if isinstance(value, (int, tuple, str)):
                shown.append(f"{key}={value}")
            for field in WINDOW_FIELDS:
                if hasattr(value, field):
                    shown.append(f"{field}={getattr(value, field)}")
        return f"nn.{self.kind}({', '.join(shown)})"

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == self.kind

    def part_label(self) -> str | None:
        return self.describe()

    def call(self, ctx: CallContext) -> AbstractValue:
        return self.forward(self, ctx)

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        method = module_method(name)
        if method is not None:
            return BoundMethodValue(method, self)
        parameter = self.option(f"{name}_shape")
        if isinstance(parameter, tuple):
            return TorchTensor(parameter, None, ctx.span())
        return TOP


SELF_RETURNING = ("train", "eval", "to", "cuda", "cpu", "float", "double", "half", "requires_grad_")
NONE_RETURNING = ("zero_grad", "register_buffer", "add_module", "register_parameter")
UNKNOWN_RETURNING = (
    "named_parameters",
    "buffers",
    "named_buffers",
    "children",
    "named_children",
    "modules",
    "named_modules",
    "state_dict",
    "load_state_dict",
)


MODULE_METHOD_HOOKS: dict[str, Callable[[CallContext], AbstractValue]] = {}
"""Implementations of shared module methods installed by other models (``register_buffer`` by
the data-parallel model, which tracks the modules that certainly hold buffers)."""


def module_method(name: str) -> NativeFunction | None:
    """A method every module shares, called with the module as argument 0: ``train``/``eval``/
    ``to``/``cuda``/``cpu``/``float``/``double``/``requires_grad_`` return the module;
    ``zero_grad`` and the registering methods return ``None`` (what they register is not
    tracked: reading it back is unknown); ``parameters()``, ``state_dict()`` and the other
    readers return an unknown value (⊤-safe: they change no layer), except ``parameters()``: an
    iterator of tensors of unknown shape and dtype (``next(self.parameters()).data.new(...)``).
    ``None`` for other names (unknown methods: the module escapes)."""
    if name in MODULE_METHOD_HOOKS:
        return NativeFunction(f"Module.{name}", MODULE_METHOD_HOOKS[name])
    if name == "parameters":
        return NativeFunction(
            "Module.parameters", lambda ctx: ctx.make_iterator(TorchTensor(None, None, None))
        )
    if name in SELF_RETURNING:
        return NativeFunction(f"Module.{name}", lambda ctx: ctx.args[0] if ctx.args else TOP)
    if name in NONE_RETURNING:
        return NativeFunction(f"Module.{name}", lambda ctx: NONE)
    if name in UNKNOWN_RETURNING:
        return NativeFunction(f"Module.{name}", lambda ctx: TOP)
    return None


def make_layer(kind: str, config: dict[str, object], forward: Forward) -> LayerValue:
    return LayerValue(kind, tuple(config.items()), forward)


def known(*sizes: Dim | Sequence[Dim]) -> bool:
    """Whether every size (or every size of every shape) is a constant, so a message can print
    them."""
    for item in sizes:
        if isinstance(item, (tuple, list)):
            if not all(isinstance(size, int) for size in item):
                return False
        elif not isinstance(item, int):
            return False
    return True


def require(condition: bool, failure: Callable[[], CertainShapeError], *printed: object) -> None:
    """Raise ``failure()`` when ``condition`` (a certain failure) holds, or :class:`Silent` when
    a size it prints is not a constant."""
    if not condition:
        return
    if not known(*printed):  # type: ignore[arg-type]
        raise Silent
    raise failure()


def fail(code: str, message: str, operands: tuple[int, ...] = (0,)) -> CertainShapeError:
    return CertainShapeError(code, message, operands)


def floating(dtype: str | None) -> str | None:
    """The dtype of a floating layer's result for an input of ``dtype`` (``None`` unless it is a
    floating dtype: a layer rejects other inputs)."""
    return dtype if dtypes.is_floating(dtype) else None


def run_rule(
    ctx: CallContext, rule: Callable[[], object], operands: Sequence[TorchOperand | None]
) -> object:
    """``rule()``; ``TOP`` after a certain failure (reported when worded exactly)."""
    try:
        return rule()
    except Silent:
        return TOP
    except CertainShapeError as failure:
        ctx.report(failure.code, failure.message, related=established_here(failure, operands))
        return TOP


def tensor_input(ctx: CallContext, index: int = 0, keyword: str = "input") -> TorchOperand | None:
    """Argument ``index`` (or ``keyword``) of a call when it is a tensor of known rank."""
    value = ctx.arg(index, keyword)
    if not isinstance(value, TorchTensor) or value.shape is None:
        return None
    return operand(value)


def shape_forward(
    rule: ShapeRule, result_dtype: Callable[[str | None], str | None] = floating
) -> Forward:
    """The forward of a layer taking one tensor: ``rule(layer, shape)`` gives the result's
    shape; the result's dtype is ``result_dtype(input dtype)``."""

    def forward(layer: LayerValue, ctx: CallContext) -> AbstractValue:
        source = tensor_input(ctx)
        if source is None:
            return TorchTensor(None, None, ctx.span())
        assert source.shape is not None
        shape = run_rule(ctx, lambda: rule(layer, source.shape), [source])  # type: ignore[arg-type]
        if shape is TOP:
            return TOP
        return TorchTensor(shape, result_dtype(source.dtype), ctx.span())  # type: ignore[arg-type]

    return forward


def sizes_argument(
    ctx: CallContext, value: AbstractValue | None, count: int, default: Dim | None = None
) -> tuple[Dim, ...] | None:
    """An ``int`` or tuple argument of ``count`` sizes (``kernel_size=3`` is ``(3, 3)``);
    ``default`` repeated when absent; ``None`` when not known."""
    if value is None or value is NONE:
        return None if default is None else (default,) * count
    single = ctx.int_constant(value)
    if single is not None:
        return (single,) * count
    items = ctx.sequence_items(value)
    if items is None or len(items) != count:
        return None
    found = tuple(int_of(item) for item in items)
    return found if known(found) else None


def int_argument(ctx: CallContext, index: int | None, keyword: str) -> int | None:
    return ctx.int_constant(ctx.arg(index, keyword))


def new_weight(ctx: CallContext, sizes: tuple[int | None, ...]) -> bool:
    """Whether a module's constructor can make its ``float32`` weight of ``sizes`` (``None``:
    unknown); False after reporting PyTorch's failure at the constructor
    (``size_limits.check_torch_new_tensor``: a negative size, a storage too large)."""
    known = tuple(UNKNOWN if size is None else size for size in sizes)
    try:
        size_limits.check_torch_new_tensor(known, "float32")
    except CertainShapeError as failure:
        ctx.report(words.CONSTRUCTOR, failure.message)
        return False
    return True


def bool_argument(ctx: CallContext, index: int | None, keyword: str, default: bool) -> bool | None:
    """A bool argument: ``default`` when absent, ``None`` when unknown."""
    value = ctx.arg(index, keyword)
    if value is None:
        return default
    return ctx.bool_constant(value)


def certainly_differ(a: Dim, b: Dim) -> bool:
    return dims.certainly_different(a, b)


def product(sizes: Sequence[Dim]) -> Dim:
    return shapes.size(tuple(sizes)) if sizes else 1
