"""Shape patterns of annotations and matching a shape against one, with named dimensions bound.

A pattern is what a shape annotation says about each axis: a fixed size (``784``), a named size
(``"batch"``, the same wherever the name recurs in one binding scope; ``"#batch"`` may also be 1),
an anonymous size (``"_"``, ``"_name"``, ``int``), an expression of named sizes (``"n+1"``), or a
variadic run of axes (``"..."``, ``"*batch"``, named runs being equal wherever they recur).

Matching never guesses: only constants, and symbolic sizes whose difference is a constant, can
contradict a pattern (:func:`tensorls.analyses.arrays.dims.certainly_different`). An unknown size
is narrowed to what the pattern says (a constant, or the bound value of the name, or a fresh
symbol named after it); an unknown rank is narrowed only by a pattern without a variadic run.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ...arrays import dims, shapes
from ...arrays.dims import UNKNOWN, Dim, UnknownDim
from ...arrays.shapes import Shape


@dataclass(frozen=True)
class Fixed:
    """An axis of a constant size."""

    size: int

    def __str__(self) -> str:
        return str(self.size)


@dataclass(frozen=True)
class Named:
    """An axis whose size is named; ``broadcastable`` also admits size 1 (``#name``)."""

    name: str
    broadcastable: bool = False

    def __str__(self) -> str:
        return ("#" if self.broadcastable else "") + self.name


@dataclass(frozen=True)
class Anonymous:
    """An axis of any size (``_``, ``_name``, ``int``, ``Any``)."""

    text: str = "_"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Expression:
    """An axis whose size is an arithmetic expression of named sizes (``n+1``, ``2*n``)."""

    tree: ast.expr
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Variadic:
    """Any number of axes: anonymous (``...``) or a named run (``*batch``, ``#*batch``)."""

    name: str | None
    broadcastable: bool = False

    def __str__(self) -> str:
        if self.name is None:
            return "..."
        return ("#" if self.broadcastable else "") + "*" + self.name


Axis = Fixed | Named | Anonymous | Expression | Variadic


@dataclass(frozen=True)
class Pattern:
    """The axes an annotation states, at most one of them variadic."""

    axes: tuple[Axis, ...]

    @property
    def variadic_index(self) -> int | None:
        for index, axis in enumerate(self.axes):
            if isinstance(axis, Variadic):
                return index
        return None

    def __str__(self) -> str:
        return " ".join(str(axis) for axis in self.axes)


def parse_jaxtyping(text: str) -> Pattern | None:
    """The pattern of a jaxtyping shape string (``"batch 784"``, ``"*b c"``, ``"n n+1"``).

    ``None`` for a string this module does not understand (the annotation then says nothing).
    """
    axes: list[Axis] = []
    for token in text.split():
        axis = _axis_of_token(token)
        if axis is None:
            return None
        axes.append(axis)
    if sum(isinstance(axis, Variadic) for axis in axes) > 1:
        return None
    return Pattern(tuple(axes))


def _axis_of_token(token: str) -> Axis | None:
    if token == "...":
        return Variadic(None)
    if token.isdigit():
        return _fixed(token)
    broadcastable = token.startswith("#")
    body = token[1:] if broadcastable else token
    if body.startswith("*"):
        name = body[1:]
        if not name.isidentifier():
            return None
        return Variadic(None if name.startswith("_") else name, broadcastable)
    if body == "_" or (body.startswith("_") and body[1:].isidentifier()):
        return Anonymous(token)
    if body.startswith("?"):
        return Anonymous(token)
    if body.isidentifier():
        return Named(body, broadcastable)
    if len(body) > MAX_EXPRESSION_LENGTH:
        return None
    try:
        tree = ast.parse(body, mode="eval").body
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None
    if not _is_arithmetic(tree, MAX_EXPRESSION_DEPTH):
        return None
    return Expression(tree, body)


MAX_DIGITS = 18
"""Digits of the longest fixed size understood; a longer one is not understood (the annotation
then says nothing): no array has a dimension of 10**18 elements."""
MAX_EXPRESSION_LENGTH = 200
"""Characters of the longest dimension expression understood (``n+1``, ``2*(h//2)``...)."""
MAX_EXPRESSION_DEPTH = 20
"""Nesting of the deepest dimension expression understood."""


def _fixed(token: str) -> Fixed | None:
    """A fixed size as jaxtyping reads it (``int(token)``; a token ``int`` rejects, such as
    ``"²"``, is not a fixed size), or None when it is not understood."""
    if len(token) > MAX_DIGITS:
        return None
    try:
        return Fixed(int(token))
    except ValueError:
        return None


def _is_arithmetic(node: ast.expr, depth: int) -> bool:
    if depth == 0:
        return False
    if isinstance(node, ast.Constant):
        return (
            isinstance(node.value, int)
            and not isinstance(node.value, bool)
            and node.value.bit_length() < 64
        )
    if isinstance(node, ast.Name):
        return True
    if isinstance(node, ast.BinOp) and isinstance(
        node.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv)
    ):
        return _is_arithmetic(node.left, depth - 1) and _is_arithmetic(node.right, depth - 1)
    return False


@dataclass
class Bindings:
    """What the named sizes of one binding scope stand for (one checked call, one function body,
    or one class's methods), and where each was bound."""

    sizes: dict[str, Dim] = field(default_factory=dict)
    runs: dict[str, tuple[Dim, ...]] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    symbol_key: str = "shape-hint"
    provenance: str = ""

    def describe(self) -> str:
        """``batch = 64, d = 784`` (unknown sizes shown by their symbol or ``?``)."""
        parts = [f"{name} = {dims.format_dim(size)}" for name, size in self.sizes.items()]
        parts += [f"{name} = {shapes.format_python(run)}" for name, run in self.runs.items()]
        return ", ".join(parts)


@dataclass(frozen=True)
class Violation:
    """Why a shape certainly does not match a pattern."""

    reason: str


def match(shape: Shape, pattern: Pattern, bindings: Bindings, source: str) -> Shape | Violation:
    """``shape`` narrowed by ``pattern``, binding the pattern's names in ``bindings``; or the
    :class:`Violation` when no execution can match. ``source`` says where names get bound
    (e.g. "parameter 'x'"); a size named but unknown becomes the symbol of that name in
    ``bindings.symbol_key``, whose provenance is ``bindings.provenance``."""
    variadic = pattern.variadic_index
    if shape is None:
        if variadic is not None:
            return None
        return tuple(_narrow_unknown(axis, bindings, source) for axis in pattern.axes)
    fixed_count = len(pattern.axes) - (0 if variadic is None else 1)
    if variadic is None and len(shape) != fixed_count:
        return Violation(
            f"the array has {len(shape)} dimension{'s' if len(shape) != 1 else ''}, "
            f'the annotation "{pattern}" {fixed_count}'
        )
    if variadic is not None and len(shape) < fixed_count:
        return Violation(
            f"the array has {len(shape)} dimension{'s' if len(shape) != 1 else ''}, "
            f'the annotation "{pattern}" at least {fixed_count}'
        )
    if variadic is None:
        pairs = list(zip(shape, pattern.axes, strict=True))
        run: tuple[Dim, ...] = ()
    else:
        after = len(pattern.axes) - variadic - 1
        end = len(shape) - after
        pairs = list(zip(shape[:variadic], pattern.axes[:variadic], strict=True)) + list(
            zip(shape[end:], pattern.axes[variadic + 1 :], strict=True)
        )
        run = shape[variadic:end]
    narrowed: dict[int, Dim] = {}
    for position, (dim, axis) in enumerate(pairs):
        result = _match_axis(dim, axis, bindings, source)
        if isinstance(result, Violation):
            return result
        narrowed[position] = result
    if variadic is not None:
        problem = _match_run(run, pattern.axes[variadic], bindings, source)  # type: ignore[arg-type]
        if problem is not None:
            return problem
        prefix = [narrowed[i] for i in range(variadic)]
        suffix = [narrowed[i] for i in range(variadic, len(pairs))]
        return (*prefix, *run, *suffix)
    return tuple(narrowed[i] for i in range(len(pairs)))


def _narrow_unknown(axis: Axis, bindings: Bindings, source: str) -> Dim:
    return _match_axis(UNKNOWN, axis, bindings, source)  # type: ignore[return-value]


def _match_axis(dim: Dim, axis: Axis, bindings: Bindings, source: str) -> Dim | Violation:
    if isinstance(axis, Anonymous):
        return dim
    if isinstance(axis, Fixed):
        if dims.certainly_different(dim, axis.size):
            return Violation(f"size {dims.format_dim(dim)} where the annotation says {axis.size}")
        return axis.size if isinstance(dim, UnknownDim) else dim
    if isinstance(axis, Expression):
        expected = _evaluate(axis.tree, bindings)
        if expected is None:
            return dim
        if dims.certainly_different(dim, expected):
            return Violation(
                f"size {dims.format_dim(dim)} where the annotation says {axis.text} = "
                f"{dims.format_dim(expected)}"
            )
        return expected if isinstance(dim, UnknownDim) else dim
    assert isinstance(axis, Named)
    if axis.broadcastable and (dim == 1 or isinstance(dim, UnknownDim)):
        return dim
    bound = bindings.sizes.get(axis.name)
    if bound is None:
        if isinstance(dim, UnknownDim):
            dim = dims.symbol(axis.name, bindings.symbol_key, bindings.provenance)
        bindings.sizes[axis.name] = dim
        bindings.sources[axis.name] = source
        return dim
    if axis.broadcastable and bound == 1:
        return dim
    if dims.certainly_different(dim, bound):
        return Violation(
            f"size {dims.format_dim(dim)} where {axis.name} = {dims.format_dim(bound)} "
            f"(from {bindings.sources.get(axis.name, 'an earlier annotation')})"
        )
    return bound if isinstance(dim, UnknownDim) else dim


def _match_run(
    run: tuple[Dim, ...], axis: Variadic, bindings: Bindings, source: str
) -> Violation | None:
    if axis.name is None:
        return None
    bound = bindings.runs.get(axis.name)
    if bound is None:
        bindings.runs[axis.name] = run
        bindings.sources[axis.name] = source
        return None
    if axis.broadcastable:
        return None
    described = f"*{axis.name} = {shapes.format_python(bound)}"
    origin = bindings.sources.get(axis.name, "an earlier annotation")
    if len(run) != len(bound):
        return Violation(
            f"dimensions {shapes.format_python(run)} where {described} (from {origin})"
        )
    for dim, expected in zip(run, bound, strict=True):
        if dims.certainly_different(dim, expected):
            return Violation(
                f"dimensions {shapes.format_python(run)} where {described} (from {origin})"
            )
    return None


def _evaluate(node: ast.expr, bindings: Bindings) -> Dim | None:
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, int) else None
    if isinstance(node, ast.Name):
        value = bindings.sizes.get(node.id)
        return None if value is None or isinstance(value, UnknownDim) else value
    if isinstance(node, ast.BinOp):
        left = _evaluate(node.left, bindings)
        right = _evaluate(node.right, bindings)
        if left is None or right is None or (isinstance(node.op, ast.FloorDiv) and right == 0):
            return None
        if isinstance(node.op, ast.Add):
            return dims.add(left, right)
        if isinstance(node.op, ast.Sub):
            return dims.subtract(left, right)
        if isinstance(node.op, ast.Mult):
            return dims.multiply(left, right)
        if isinstance(node.op, ast.FloorDiv):
            return dims.floor_divide(left, right)
    return None
