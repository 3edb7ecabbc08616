"""Shape rules of the products: ``matmul``/``@``, ``dot``, ``vdot``, ``inner``, ``outer``,
``tensordot``, ``kron``, ``einsum``, ``cross``.

Each rule returns the result shape (``None`` for an unknown rank) or raises ``CertainShapeError``
with NumPy's message when the contracted sizes certainly differ. Contracted dimensions are never
broadcast by NumPy (except in ``einsum``), so two sizes whose difference is a non-zero constant
(``n`` and ``n + 1``) are a certain failure too.
"""

from __future__ import annotations

from . import dims, shapes
from .broadcasting import broadcast_dims, broadcast_shapes
from .dims import UNKNOWN, Dim
from .errors import ARGUMENT, BROADCAST, MATMUL, CertainShapeError
from .shapes import Shape

MATMUL_SIGNATURE = "(n?,k),(k,m?)->(n?,m?)"


def matmul(a: Shape, b: Shape) -> Shape:
    """``a @ b``: 1-D operands are promoted and the added axis removed; batch dims broadcast."""
    for index, operand in enumerate((a, b)):
        if operand is not None and len(operand) == 0:
            raise CertainShapeError(
                MATMUL,
                f"matmul: Input operand {index} does not have enough dimensions (has 0, gufunc "
                f"core with signature {MATMUL_SIGNATURE} requires 1)",
                (index,),
            )
    if a is None or b is None:
        return None
    inner_a = a[-1]
    inner_b = b[-2] if len(b) >= 2 else b[0]
    if dims.certainly_different(inner_a, inner_b):
        raise CertainShapeError(
            MATMUL,
            f"matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
            f"signature {MATMUL_SIGNATURE} (size {dims.format_dim(inner_b)} is different from "
            f"{dims.format_dim(inner_a)})",
            (0, 1),
        )
    core: tuple[Dim, ...] = ((a[-2],) if len(a) >= 2 else ()) + ((b[-1],) if len(b) >= 2 else ())
    batch_a, batch_b = a[:-2], b[:-2]
    try:
        batch = broadcast_shapes(batch_a, batch_b)
    except CertainShapeError:
        listed = " ".join(
            f"{shapes.format_numpy(operand)}->"
            f"{remapped(operand[:-2] if len(operand) >= 2 else (), min(len(operand), 2))}"
            for operand in (a, b)
        )
        raise CertainShapeError(
            BROADCAST,
            "operands could not be broadcast together with remapped shapes "
            f"[original->remapped]: {listed}  and requested shape {shapes.format_numpy(core)}",
            (0, 1),
        ) from None
    assert batch is not None
    return batch + core


def remapped(batch: tuple[Dim, ...], core_rank: int) -> str:
    """An operand as NumPy prints it after remapping its core dimensions to ``newaxis``."""
    parts = [dims.format_dim(dim) for dim in batch] + ["newaxis"] * core_rank
    inner = ",".join(parts)
    return f"({inner},)" if len(parts) == 1 else f"({inner})"


def _not_aligned(a: Shape, b: Shape, dim_a: int, dim_b: int) -> CertainShapeError:
    assert a is not None and b is not None
    return CertainShapeError(
        MATMUL,
        f"shapes {shapes.format_numpy(a)} and {shapes.format_numpy(b)} not aligned: "
        f"{dims.format_dim(a[dim_a])} (dim {dim_a}) != {dims.format_dim(b[dim_b])} (dim {dim_b})",
        (0, 1),
    )


def dot(a: Shape, b: Shape) -> Shape:
    """``numpy.dot``: scalars multiply, otherwise the last axis of ``a`` meets the second-to-last
    (or only) axis of ``b``; the result is ``a[:-1] + b[:-2] + b[-1:]``."""
    if a is None or b is None:
        if (a is not None and len(a) == 0) or (b is not None and len(b) == 0):
            return b if a is not None and len(a) == 0 else a
        return None
    if len(a) == 0:
        return b
    if len(b) == 0:
        return a
    position_b = len(b) - 2 if len(b) >= 2 else 0
    if dims.certainly_different(a[-1], b[position_b]):
        raise _not_aligned(a, b, len(a) - 1, position_b)
    return a[:-1] + b[:-2] + b[-1:] if len(b) >= 2 else a[:-1]


def vdot(a: Shape, b: Shape) -> Shape:
    """``numpy.vdot``: both operands flattened, sizes must match; the result is a scalar."""
    size_a, size_b = shapes.size(a), shapes.size(b)
    if dims.certainly_different(size_a, size_b):
        raise CertainShapeError(
            MATMUL,
            f"cannot reshape array of size {dims.format_dim(size_b)} into shape "
            f"({dims.format_dim(size_a)},)",
            (0, 1),
        )
    return ()


def inner(a: Shape, b: Shape) -> Shape:
    """``numpy.inner``: last axes meet; the result is ``a[:-1] + b[:-1]``."""
    if a is None or b is None:
        return None
    if len(a) == 0:
        return b
    if len(b) == 0:
        return a
    if dims.certainly_different(a[-1], b[-1]):
        if len(b) == 1:
            raise _not_aligned(a, b, len(a) - 1, 0)
        swapped = (*b[:-2], b[-1], b[-2])
        raise _not_aligned(a, swapped, len(a) - 1, len(b) - 2)
    return a[:-1] + b[:-1]


def outer(a: Shape, b: Shape) -> Shape:
    """``numpy.outer``: ``(a.size, b.size)``."""
    return (shapes.size(a), shapes.size(b))


def kron(a: Shape, b: Shape) -> Shape:
    """``numpy.kron``: ranks padded with leading ones, sizes multiplied."""
    if a is None or b is None:
        return None
    rank = max(len(a), len(b))
    padded_a = (1,) * (rank - len(a)) + a
    padded_b = (1,) * (rank - len(b)) + b
    return tuple(dims.multiply(x, y) for x, y in zip(padded_a, padded_b, strict=False))


TensordotAxes = int | tuple[tuple[int, ...], tuple[int, ...]] | None


def tensordot(a: Shape, b: Shape, axes: TensordotAxes) -> Shape:
    """``numpy.tensordot``: ``axes=N`` pairs the last N axes of ``a`` with the first N of ``b``;
    a pair of axis lists pairs them explicitly. ``axes=None`` means unknown axes."""
    if a is None or b is None or axes is None:
        return None
    if isinstance(axes, int):
        if axes < 0 or axes > len(a) or axes > len(b):
            return None
        axes_a = tuple(range(len(a) - axes, len(a)))
        axes_b = tuple(range(axes))
    else:
        axes_a, axes_b = axes
        if len(axes_a) != len(axes_b):
            return None
        if any(not -len(a) <= x < len(a) for x in axes_a) or any(
            not -len(b) <= x < len(b) for x in axes_b
        ):
            return None
        axes_a = tuple(x % len(a) for x in axes_a)
        axes_b = tuple(x % len(b) for x in axes_b)
    for x, y in zip(axes_a, axes_b, strict=False):
        if dims.certainly_different(a[x], b[y]):
            raise CertainShapeError(MATMUL, "shape-mismatch for sum", (0, 1))
    free_a = tuple(dim for index, dim in enumerate(a) if index not in axes_a)
    free_b = tuple(dim for index, dim in enumerate(b) if index not in axes_b)
    return free_a + free_b


def einsum(subscripts: str, operands: list[Shape]) -> Shape:
    """``numpy.einsum`` with explicit or implicit output, without ``...``.

    A subscript string this rule does not understand (ellipsis, repeated labels in one operand,
    wrong operand count) yields an unknown shape, never a report. Sizes of one label broadcast as
    NumPy's iterator does (a size of 1 stretches).
    """
    spec = subscripts.replace(" ", "")
    if "." in spec:
        return None
    if "->" in spec:
        inputs_text, output = spec.split("->", 1)
    else:
        inputs_text, output = spec, None
    inputs = inputs_text.split(",")
    if len(inputs) != len(operands) or not all(part.isalpha() or part == "" for part in inputs):
        return None
    if any(len(set(part)) != len(part) for part in inputs):
        return None
    if output is None:
        counts: dict[str, int] = {}
        for part in inputs:
            for label in part:
                counts[label] = counts.get(label, 0) + 1
        output = "".join(sorted(label for label, count in counts.items() if count == 1))
    if not output.isalpha() and output != "":
        return None
    for index, (part, operand) in enumerate(zip(inputs, operands, strict=False)):
        if operand is None:
            return None
        if len(part) > len(operand):
            raise CertainShapeError(
                MATMUL,
                f"einstein sum subscripts string contains too many subscripts for operand {index}",
                (index,),
            )
        if len(part) < len(operand):
            raise CertainShapeError(
                MATMUL,
                "operand has more dimensions than subscripts given in einstein sum, but no '...' "
                "ellipsis provided to broadcast the extra dimensions.",
                (index,),
            )
    for label in output:
        if not any(label in part for part in inputs):
            raise CertainShapeError(
                MATMUL,
                f"einstein sum subscripts string included output subscript '{label}' which "
                "never appeared in an input",
                (),
            )
    order = list(output) + [label for part in inputs for label in part if label not in output]
    iteration = list(dict.fromkeys(order))
    sizes: dict[str, Dim] = {}
    for label in iteration:
        column = [
            operand[part.index(label)]
            for part, operand in zip(inputs, operands, strict=False)
            if operand is not None and label in part
        ]
        size = broadcast_dims(column)
        if size is None:
            raise CertainShapeError(
                BROADCAST,
                "operands could not be broadcast together with remapped shapes "
                f"[original->remapped]: {_einsum_remapped(inputs, operands, iteration)}",
                tuple(range(len(operands))),
            )
        sizes[label] = size
    return tuple(sizes.get(label, UNKNOWN) for label in output)


def _einsum_remapped(inputs: list[str], operands: list[Shape], iteration: list[str]) -> str:
    text = ""
    for part, operand in zip(inputs, operands, strict=False):
        assert operand is not None
        entries = [
            dims.format_dim(operand[part.index(label)]) if label in part else "newaxis"
            for label in iteration
        ]
        while entries and entries[0] == "newaxis":
            entries.pop(0)
        inner_text = ",".join(entries)
        mapped = f"({inner_text},)" if len(entries) == 1 else f"({inner_text})"
        text += f"{shapes.format_numpy(operand)}->{mapped} "
    return text


CROSS_DIMENSIONS = "incompatible dimensions for cross product\n(dimension must be 2 or 3)"


def cross(a: Shape, b: Shape) -> Shape:
    """``numpy.cross`` with the default axes: vectors along the last axis, of 2 or 3 components.

    The leading axes broadcast (NumPy's multi-argument ``broadcast`` wording on failure); the
    result has a trailing axis of 3 unless both vectors have 2 components (then a scalar per
    pair). A broadcast failure is only claimed when both vector lengths are known (an unknown
    length may fail first, with another message)."""
    from .creation import sample_shape

    if a is None or b is None:
        return None
    if len(a) == 0 or len(b) == 0:
        raise CertainShapeError(ARGUMENT, "At least one array has zero dimension", (0, 1))
    lengths = (a[-1], b[-1])
    if any(isinstance(length, int) and length not in (2, 3) for length in lengths):
        raise CertainShapeError(ARGUMENT, CROSS_DIMENSIONS, (0, 1))
    if not all(isinstance(length, int) for length in lengths):
        return None
    batch = sample_shape(None, [a[:-1], b[:-1]])
    if batch is None:
        return None
    return (*batch, 3) if 3 in lengths else batch
