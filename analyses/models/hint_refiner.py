"""Shape hints in annotations refine unknown values and are checked against known ones.

Understood annotations (matched by the name they end in, since the analysis never imports):
``NdArray[2, 3]`` / ``NdArray["n", 3]`` / ``NdArray[int, 3]`` / ``NdArray[()]``
(``tensorls.hints``), bare ``np.ndarray`` and ``NDArray`` (unknown rank), ``NDArray[np.float32]``
(a dtype), ``np.ndarray[tuple[int, Literal[3]], np.dtype[np.float64]]`` (a rank and sizes), and
the same written as strings. A string dimension is a symbol shared by every hint of the
document that uses the name; ``int``, ``Any`` and ``...`` are unknown sizes.

A hint refines a value the analysis knows nothing about (⊤) into an array, and narrows the unknown
dimensions of a known array. A hint contradicting a known shape (another rank, or another constant
size) keeps the inferred value and gives a ``shape-hint-mismatch`` warning.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..arrays import dims, dtypes, shapes
from ..arrays.dims import UNKNOWN, Dim, UnknownDim
from ..arrays.dtypes import DType
from ..arrays.errors import HINT_MISMATCH
from ..arrays.shapes import Shape
from ..domains.base import TOP, AbstractValue
from ..interpreter.natives import CallContext
from .values import ArrayValue

HINT_MARKERS = ("NdArray",)
ARRAY_TYPES = ("ndarray", "NDArray", "ArrayLike")
UNKNOWN_SIZE_NAMES = ("int", "Any")
SYMBOL_KEY = "shape-hint"


@dataclass(frozen=True)
class Hint:
    """What an annotation says about an array."""

    shape: Shape
    dtype: DType


def _tail(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _dimension(node: ast.expr, text: str, line: int) -> Dim | None:
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool):
            return None
        if isinstance(node.value, int) and node.value >= 0:
            return node.value
        if isinstance(node.value, str) and node.value.isidentifier():
            return dims.symbol(
                node.value, SYMBOL_KEY, f"named in the shape hint `{text}` (line {line})"
            )
        if node.value is Ellipsis:
            return UNKNOWN
        return None
    if _tail(node) in UNKNOWN_SIZE_NAMES:
        return UNKNOWN
    if isinstance(node, ast.Subscript) and _tail(node.value) == "Literal":
        return _dimension(node.slice, text, line)
    return None


def _elements(node: ast.expr) -> list[ast.expr]:
    return list(node.elts) if isinstance(node, ast.Tuple) else [node]


def _dtype_of(node: ast.expr) -> DType:
    if isinstance(node, ast.Subscript) and _tail(node.value) == "dtype":
        return _dtype_of(node.slice)
    name = _tail(node)
    if name is None:
        return None
    if name in dtypes.PYTHON_SCALAR_DTYPES:
        return dtypes.PYTHON_SCALAR_DTYPES[name]
    return dtypes.canonical(name.rstrip("_")) if name not in ("Any", "generic") else None


def parse(annotation: ast.expr) -> Hint | None:
    """The array hint an annotation states, or ``None`` when it states none."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            parsed = ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return None
        return parse(parsed)
    text = ast.unparse(annotation)
    line = getattr(annotation, "lineno", 0)
    if isinstance(annotation, ast.Subscript):
        head = _tail(annotation.value)
        if head in HINT_MARKERS:
            parts = (
                []
                if isinstance(annotation.slice, ast.Tuple) and not annotation.slice.elts
                else _elements(annotation.slice)
            )
            sizes = [_dimension(part, text, line) for part in parts]
            if any(size is None for size in sizes):
                return None
            return Hint(tuple(size for size in sizes if size is not None), None)
        if head == "NDArray":
            return Hint(None, _dtype_of(annotation.slice))
        if head == "ndarray":
            parts = _elements(annotation.slice)
            shape: Shape = None
            if parts and isinstance(parts[0], ast.Subscript) and _tail(parts[0].value) == "tuple":
                sizes = [_dimension(part, text, line) for part in _elements(parts[0].slice)]
                if all(size is not None for size in sizes) and not any(
                    isinstance(part, ast.Constant) and part.value is Ellipsis
                    for part in _elements(parts[0].slice)
                ):
                    shape = tuple(size for size in sizes if size is not None)
            dtype = _dtype_of(parts[1]) if len(parts) > 1 else None
            return Hint(shape, dtype)
        return None
    if _tail(annotation) in (*ARRAY_TYPES, *HINT_MARKERS):
        return Hint(None, None)
    return None


def _contradicts(inferred: Shape, hinted: Shape) -> bool:
    if inferred is None or hinted is None:
        return False
    if len(inferred) != len(hinted):
        return True
    return any(
        isinstance(x, int) and isinstance(y, int) and x != y
        for x, y in zip(inferred, hinted, strict=True)
    )


def _narrow(inferred: Shape, hinted: Shape) -> Shape:
    if inferred is None:
        return hinted
    if hinted is None:
        return inferred
    return tuple(
        y if isinstance(x, UnknownDim) else x for x, y in zip(inferred, hinted, strict=True)
    )


def refine(value: AbstractValue, annotation: ast.expr, ctx: CallContext) -> AbstractValue | None:
    """The annotation refiner registered with the interpreter."""
    hint = parse(annotation)
    if hint is None:
        return None
    if isinstance(value, ArrayValue):
        if _contradicts(value.shape, hint.shape):
            related = []
            if value.origin is not None:
                related.append(
                    (value.origin, f"shape {shapes.format_python(value.shape)} established here")
                )
            ctx.report(
                HINT_MISMATCH,
                f"shape hint {shapes.format_python(hint.shape)} contradicts the inferred shape "
                f"{shapes.format_python(value.shape)}",
                node=annotation,
                related=related,
                warning=True,
            )
            return value
        dtype = value.dtype if value.dtype is not None else hint.dtype
        return ArrayValue(_narrow(value.shape, hint.shape), dtype, value.origin)
    if value is TOP:
        return ArrayValue(hint.shape, hint.dtype, ctx.span(annotation))
    return None
