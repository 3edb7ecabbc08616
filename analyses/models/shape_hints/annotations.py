"""What a shape annotation says: read from the annotation's syntax, never by importing anything.

Understood styles (matched by the names they end in):

- tensorls' own ``NdArray[2, 3]`` / ``NdArray["n", 3]`` / ``NdArray[int, 3]`` / ``NdArray[()]``;
- NumPy's typing: bare ``np.ndarray`` / ``NDArray`` / ``ArrayLike`` (unknown rank),
  ``NDArray[np.float32]`` (a dtype), ``np.ndarray[tuple[int, Literal[3]], np.dtype[np.float64]]``;
- jaxtyping: ``Float[np.ndarray, "batch 784"]``, ``Int[Tensor, "*b n"]``, ``Shaped[Array, "..."]``,
  ``Float32[...]`` and the other dtype families;
- torchtyping: ``TensorType["batch", 784]``, ``TensorType["b", "c", float]``.

Any of them may be written as a string. What is not understood says nothing (``None``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ...arrays import dtypes
from ...arrays.dtypes import DType
from .patterns import Anonymous, Axis, Fixed, Named, Pattern, Variadic, parse_jaxtyping

TENSORLS_MARKERS = ("NdArray",)
NUMPY_ARRAY_TYPES = ("ndarray", "NDArray", "ArrayLike")
UNKNOWN_SIZE_NAMES = ("int", "Any")
MAX_STRING_ANNOTATION_LENGTH = 1000
"""Characters of the longest string annotation read (a longer one states no hint): bounds the
work of parsing it, and its nesting."""

_FLOATS = ("bfloat16", "float16", "float32", "float64")
_SIGNED = ("int8", "int16", "int32", "int64")
_UNSIGNED = ("uint8", "uint16", "uint32", "uint64")
_COMPLEX = ("complex64", "complex128")
JAXTYPING_DTYPE_FAMILIES: dict[str, frozenset[str] | None] = {
    "Shaped": None,
    "Bool": frozenset({"bool"}),
    "Float": frozenset(_FLOATS),
    "Int": frozenset(_SIGNED),
    "UInt": frozenset(_UNSIGNED),
    "Integer": frozenset(_SIGNED + _UNSIGNED),
    "Complex": frozenset(_COMPLEX),
    "Inexact": frozenset(_FLOATS + _COMPLEX),
    "Real": frozenset(_FLOATS + _SIGNED + _UNSIGNED),
    "Num": frozenset(_FLOATS + _SIGNED + _UNSIGNED + _COMPLEX),
    **{name.capitalize().replace("Bfloat", "BFloat"): frozenset({name}) for name in _FLOATS},
    **{name.capitalize(): frozenset({name}) for name in (*_SIGNED, *_COMPLEX)},
    **{"UInt" + name[4:]: frozenset({name}) for name in _UNSIGNED},
}
"""jaxtyping's dtype annotations and the dtypes each admits (as jaxtyping 0.3 defines them,
restricted to the dtypes NumPy, TensorFlow and PyTorch have)."""


@dataclass(frozen=True)
class Hint:
    """What an annotation says about an array.

    ``pattern`` is ``None`` for an unknown rank; ``dtype`` is an exact dtype (NumPy typing),
    ``dtypes`` a family of admitted dtypes (jaxtyping; ``None``: any). ``array_type`` is the last
    name of the array class annotated (``ndarray``, ``Tensor``, ``Array``, ...). ``style`` is
    ``"tensorls"``, ``"numpy"``, ``"jaxtyping"`` or ``"torchtyping"``: jaxtyping names are bound
    per call (and shared between a class's methods), the others' names are symbols shared by the
    whole document.
    """

    pattern: Pattern | None
    style: str
    array_type: str = "ndarray"
    dtype: DType = None
    dtypes: frozenset[str] | None = None
    text: str = ""
    node: ast.expr | None = None


def _tail(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _elements(node: ast.expr) -> list[ast.expr]:
    return list(node.elts) if isinstance(node, ast.Tuple) else [node]


def _size_axis(node: ast.expr) -> Axis | None:
    """An axis written as a subscript item: ``3``, ``"n"``, ``int``, ``Literal[3]``, ``...``."""
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool):
            return None
        if isinstance(node.value, int) and node.value >= 0:
            return Fixed(node.value)
        if isinstance(node.value, str) and node.value.isidentifier():
            return Named(node.value)
        if node.value is Ellipsis:
            return Anonymous("...")
        return None
    if _tail(node) in UNKNOWN_SIZE_NAMES:
        return Anonymous(_tail(node) or "_")
    if isinstance(node, ast.Subscript) and _tail(node.value) == "Literal":
        return _size_axis(node.slice)
    return None


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
    """The array hint ``annotation`` states, or ``None`` when it states none."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        if len(annotation.value) > MAX_STRING_ANNOTATION_LENGTH:
            return None
        try:
            parsed = ast.parse(annotation.value, mode="eval").body
        except (SyntaxError, ValueError, MemoryError, RecursionError):
            return None
        hint = parse(parsed)
        return None if hint is None else Hint(**{**hint.__dict__, "node": annotation})
    text = ast.unparse(annotation)
    if isinstance(annotation, ast.Subscript):
        head = _tail(annotation.value)
        if head in TENSORLS_MARKERS:
            return _tensorls(annotation, text)
        if head == "NDArray":
            return Hint(None, "numpy", "NDArray", _dtype_of(annotation.slice), text=text)
        if head == "ndarray":
            return _numpy_ndarray(annotation, text)
        if head == "TensorType":
            return _torchtyping(annotation, text)
        if head in JAXTYPING_DTYPE_FAMILIES:
            return _jaxtyping(annotation, head, text)
        return None
    tail = _tail(annotation)
    if tail in NUMPY_ARRAY_TYPES or tail in TENSORLS_MARKERS:
        if tail in TENSORLS_MARKERS:
            return Hint(None, "tensorls", text=text)
        return Hint(None, "numpy", tail, text=text)
    return None


def _tensorls(annotation: ast.Subscript, text: str) -> Hint | None:
    parts = (
        []
        if isinstance(annotation.slice, ast.Tuple) and not annotation.slice.elts
        else _elements(annotation.slice)
    )
    axes = [_size_axis(part) for part in parts]
    if any(axis is None for axis in axes):
        return None
    return Hint(Pattern(tuple(a for a in axes if a is not None)), "tensorls", text=text)


def _numpy_ndarray(annotation: ast.Subscript, text: str) -> Hint:
    parts = _elements(annotation.slice)
    pattern: Pattern | None = None
    if parts and isinstance(parts[0], ast.Subscript) and _tail(parts[0].value) == "tuple":
        items = _elements(parts[0].slice)
        axes = [_size_axis(part) for part in items]
        if all(axis is not None for axis in axes) and not any(
            isinstance(part, ast.Constant) and part.value is Ellipsis for part in items
        ):
            pattern = Pattern(tuple(a for a in axes if a is not None))
    dtype = _dtype_of(parts[1]) if len(parts) > 1 else None
    return Hint(pattern, "numpy", "ndarray", dtype, text=text)


def _torchtyping(annotation: ast.Subscript, text: str) -> Hint | None:
    axes: list[Axis] = []
    for part in _elements(annotation.slice):
        if isinstance(part, ast.Constant) and part.value is Ellipsis:
            axes.append(Variadic(None))
            continue
        if _tail(part) in ("float", "int", "bool"):
            continue
        axis = _size_axis(part)
        if axis is None:
            return None
        axes.append(axis)
    if sum(isinstance(axis, Variadic) for axis in axes) > 1:
        return None
    return Hint(Pattern(tuple(axes)), "torchtyping", "Tensor", text=text)


def _jaxtyping(annotation: ast.Subscript, family: str, text: str) -> Hint | None:
    parts = _elements(annotation.slice)
    if len(parts) != 2:
        return None
    array_type = _tail(parts[0])
    shape = parts[1]
    if array_type is None or not (isinstance(shape, ast.Constant) and isinstance(shape.value, str)):
        return None
    pattern = parse_jaxtyping(shape.value)
    if pattern is None:
        return None
    return Hint(
        pattern,
        "jaxtyping",
        array_type,
        dtypes=JAXTYPING_DTYPE_FAMILIES[family],
        text=text,
        node=shape,
    )
