"""Shape rules of ``numpy.linalg``.

Functions taking stacks of matrices check that the operand has at least two dimensions and (for
the square-matrix functions) that its last two are certainly different, with NumPy's
``LinAlgError`` wording.
"""

from __future__ import annotations

from . import dims, products, reductions, shapes
from .broadcasting import broadcast_shapes
from .dims import UNKNOWN, Dim
from .errors import BROADCAST, LINALG, MATMUL, CertainShapeError
from .shapes import Shape


def _at_least_2d(a: Shape) -> None:
    if a is not None and len(a) < 2:
        raise CertainShapeError(
            LINALG,
            f"{len(a)}-dimensional array given. Array must be at least two-dimensional",
            (0,),
        )


def _square(a: Shape) -> None:
    _at_least_2d(a)
    if a is not None and dims.certainly_different(a[-2], a[-1]):
        raise CertainShapeError(LINALG, "Last 2 dimensions of the array must be square", (0,))


def square_same(a: Shape) -> Shape:
    """``inv``, ``cholesky``, ``matrix_power``, ``expm``-like: a stack of square matrices, kept."""
    _square(a)
    return a


def square_batch(a: Shape) -> Shape:
    """``det``: a stack of square matrices to one scalar per matrix."""
    _square(a)
    return None if a is None else a[:-2]


def matrix_batch(a: Shape) -> Shape:
    """``matrix_rank``-like on a stack of (not necessarily square) matrices."""
    _at_least_2d(a)
    return None if a is None else a[:-2]


def eigenvalues(a: Shape) -> Shape:
    """``eigvals``/``eigvalsh``: one vector of eigenvalues per square matrix."""
    _square(a)
    return None if a is None else a[:-1]


def eigen(a: Shape) -> tuple[Shape, Shape]:
    """``eig``/``eigh``: ``(eigenvalues, eigenvectors)``."""
    _square(a)
    return (None if a is None else a[:-1], a)


def _minimum(a: Dim, b: Dim) -> Dim:
    if isinstance(a, int) and isinstance(b, int):
        return min(a, b)
    return a if dims.certainly_equal(a, b) else UNKNOWN


def svd(a: Shape, full_matrices: bool | None, compute_uv: bool | None) -> tuple[Shape, ...]:
    """``svd``: ``(U, S, Vh)`` or ``(S,)`` when ``compute_uv`` is false (``None``: unknown)."""
    _at_least_2d(a)
    if a is None:
        return (None, None, None) if compute_uv is not False else (None,)
    batch, m, n = a[:-2], a[-2], a[-1]
    k = _minimum(m, n)
    singular = (*batch, k)
    if compute_uv is False:
        return (singular,)
    if full_matrices is None:
        return (None, singular, None)
    if full_matrices:
        return ((*batch, m, m), singular, (*batch, n, n))
    return ((*batch, m, k), singular, (*batch, k, n))


def qr(a: Shape, mode: str | None) -> tuple[Shape, ...]:
    """``qr``: ``(Q, R)`` for modes ``reduced``/``complete``, ``(R,)`` for ``r``."""
    _at_least_2d(a)
    if a is None or mode is None:
        return (None, None)
    batch, m, n = a[:-2], a[-2], a[-1]
    k = _minimum(m, n)
    if mode == "complete":
        return ((*batch, m, m), (*batch, m, n))
    if mode == "r":
        return ((*batch, k, n),)
    return ((*batch, m, k), (*batch, k, n))


def pinv(a: Shape) -> Shape:
    """``pinv``: ``(..., M, N)`` to ``(..., N, M)`` (an empty vector fails while unpacking)."""
    if a is not None and len(a) == 1 and a[0] == 0:
        raise CertainShapeError(LINALG, "not enough values to unpack (expected 2, got 1)", (0,))
    _at_least_2d(a)
    return None if a is None else (*a[:-2], a[-1], a[-2])


def solve(a: Shape, b: Shape) -> Shape:
    """``solve(a, b)``: ``b`` is one vector when it is 1-D, otherwise a stack of matrices."""
    _square(a)
    if a is None or b is None:
        return None if b is None or len(b) != 1 else b
    m = a[-1] if dims.is_known(a[-1]) else a[-2]
    vector = len(b) == 1
    if len(b) == 0:
        raise CertainShapeError(
            MATMUL,
            "solve: Input operand 1 does not have enough dimensions (has 0, gufunc core with "
            "signature (m,m),(m,n)->(m,n) requires 2)",
            (1,),
        )
    rows = b[0] if vector else b[-2]
    if dims.certainly_different(rows, m):
        signature, name = (
            ("(m,m),(m)->(m)", "solve1") if vector else ("(m,m),(m,n)->(m,n)", "solve")
        )
        raise CertainShapeError(
            MATMUL,
            f"{name}: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
            f"signature {signature} (size {dims.format_dim(rows)} is different from "
            f"{dims.format_dim(m)})",
            (0, 1),
        )
    if vector:
        return (*a[:-2], rows)
    try:
        batch = broadcast_shapes(a[:-2], b[:-2])
    except CertainShapeError:
        remapped = " ".join(
            f"{shapes.format_numpy(operand)}->{products.remapped(operand[:-2], 2)}"
            for operand in (a, b)
        )
        raise CertainShapeError(
            BROADCAST,
            "operands could not be broadcast together with remapped shapes "
            f"[original->remapped]: {remapped}  and requested shape "
            f"{shapes.format_numpy(b[-2:])}",
            (0, 1),
        ) from None
    assert batch is not None
    return (*batch, rows, b[-1])


def lstsq(a: Shape, b: Shape) -> tuple[Shape, Shape, Shape, Shape]:
    """``lstsq(a, b)``: ``(x, residuals, rank, s)``; residuals have an unknown length."""
    if a is not None and len(a) != 2:
        return (None, None, (), None)
    if a is None or b is None or len(b) not in (1, 2):
        return (None, None, (), None)
    if dims.certainly_different(a[0], b[0]):
        raise CertainShapeError(LINALG, "Incompatible dimensions", (0, 1))
    solution = (a[1],) if len(b) == 1 else (a[1], b[1])
    return (solution, (UNKNOWN,), (), (_minimum(a[0], a[1]),))


def norm(
    x: Shape,
    has_ord: bool,
    axis: reductions.AxisArgument,
    keepdims: bool | None,
) -> Shape:
    """``norm(x, ord, axis, keepdims)``; a matrix norm over two axes or a vector norm over one."""
    if axis is None:
        if has_ord and x is not None and len(x) not in (1, 2):
            raise CertainShapeError(LINALG, "Improper number of dimensions to norm.", (0,))
        if keepdims:
            return None if x is None else (1,) * len(x)
        return () if keepdims is False else None
    if isinstance(axis, tuple) and len(axis) not in (1, 2):
        raise CertainShapeError(LINALG, "Improper number of dimensions to norm.", (0,))
    return reductions.reduce(x, axis, keepdims)
