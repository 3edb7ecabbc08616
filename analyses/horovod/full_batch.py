"""Full-batch training: the rows of arrays that every step reads whole, split between the ranks.

Scripts without a data pipeline (toy regressions: ``x_train = np.array([[3.3], [4.4], ...])``,
then every epoch ``model(torch.from_numpy(x_train))``) compute each step's gradient on all of
the rows. Each rank can take its part of them instead (every ``hvd.size()``-th row from index
``hvd.rank()``, the remainder left out): Horovod's average of the ranks' gradients is then the
gradient of all the rows the ranks kept.

Only arrays whose number of rows the source states are split, and only when all the arrays the
training code reads have the same number (so row ``i`` of the inputs stays with row ``i`` of the
targets): NumPy/PyTorch/TensorFlow arrays built from a list literal, the shape constructors
(``np.random.rand(100, 1)``, ``torch.randn(n, 3)``, ``np.zeros((n, 2))``, ``np.linspace(0, 1,
50)``, ``size=`` of NumPy's random draws), conversions of those (``torch.from_numpy``,
``astype``, ``float()``), and elementwise arithmetic on them with numbers. Each read of such a
name inside the training code is wrapped in the shard helper; reads elsewhere (plots,
evaluation) keep the whole array. An array the training code reads whose rows are not known, a
name the training code assigns, or arrays of different lengths: nothing is split (the caller
keeps its note that the data is not sharded).
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from .survey import Survey

LITERAL_ARRAYS: frozenset[str] = frozenset(
    {
        "numpy.array", "numpy.asarray", "torch.tensor", "torch.Tensor", "torch.FloatTensor",
        "torch.as_tensor", "tensorflow.constant", "tensorflow.convert_to_tensor",
        "torch.from_numpy",
    }
)  # fmt: skip
# Constructors whose first positional argument (an int or a tuple/list starting with one) is
# the number of rows.
SHAPE_FIRST: frozenset[str] = frozenset(
    {
        "numpy.random.rand", "numpy.random.randn", "numpy.zeros", "numpy.ones", "numpy.empty",
        "torch.rand", "torch.randn", "torch.zeros", "torch.ones", "torch.empty",
        "tensorflow.random.normal", "tensorflow.random.uniform", "tensorflow.zeros",
        "tensorflow.ones",
    }
)  # fmt: skip
# NumPy draws whose ``size`` (keyword or third positional argument) gives the rows.
SIZED_DRAWS: frozenset[str] = frozenset(
    {"numpy.random.normal", "numpy.random.uniform", "numpy.random.randint"}
)
LINSPACES: dict[str, str] = {"numpy.linspace": "num", "torch.linspace": "steps"}
ROW_PRESERVING_METHODS: frozenset[str] = frozenset(
    {"astype", "float", "double", "numpy", "copy", "to", "clone", "detach", "cpu"}
)
CONSTRUCTORS: frozenset[str] = LITERAL_ARRAYS | SHAPE_FIRST | SIZED_DRAWS | frozenset(LINSPACES)
MAX_DEPTH = 32

# The PyTorch rewrite's helper (the TF2 rewrite's ``hvd_shard`` slices arrays the same way).
TORCH_SHARD_FUNCTION = """def {name}(data):
    # This rank's part: every hvd.size()-th row from index hvd.rank(), as many rows on every
    # rank (the remainder is left out).
    return data[hvd.rank() : len(data) // hvd.size() * hvd.size() : hvd.size()]
"""


class FullBatchSharding:
    """Finds the reads to wrap in the shard helper (see the module docstring)."""

    def __init__(
        self,
        survey: Survey,
        call_path: Callable[[ast.Call], str | None],
        values: dict[str, list[ast.expr]],
    ) -> None:
        self.survey = survey
        self.call_path = call_path
        self.values = values

    def reads_to_shard(self, regions: list[ast.AST]) -> list[ast.Name]:
        """The reads, inside ``regions`` (the training code), of the arrays to split; empty
        when nothing can be split safely."""
        assigned: set[str] = set()
        loads: list[ast.Name] = []
        inside: set[int] = set()
        for region in regions:
            for node in ast.walk(region):
                inside.add(id(node))
                if isinstance(node, ast.Name):
                    if isinstance(node.ctx, ast.Load):
                        loads.append(node)
                    else:
                        assigned.add(node.id)
        split: dict[str, int] = {}
        others: list[ast.expr] = []
        for load in loads:
            values = self.values.get(load.id, [])
            if load.id in split or not values:
                continue
            if load.id in assigned:
                # Computed by the training code itself (a name of the same spelling assigned
                # elsewhere may be another scope's); an array of known rows rebound there is
                # not split (its reads before the rebinding would be whole).
                outside = [value for value in values if id(value) not in inside]
                if any(self.rows(value, 0) is not None for value in outside):
                    return []
                continue
            rows = self.rows(values[0], 0) if len(values) == 1 else None
            if rows is None:
                others.extend(values)
            else:
                split[load.id] = rows
        if len(set(split.values())) != 1:
            return []
        if any(self._may_hold_rows(value, set(split), 0) for value in others):
            return []
        return [load for load in loads if load.id in split]

    def _may_hold_rows(self, node: ast.expr, split: set[str], depth: int) -> bool:
        """``node`` may be an array of rows that is not split with the others: it reads a
        split array (a value derived from it), or an array constructor or loader (NumPy,
        pandas, the PyTorch/TensorFlow constructors above), directly or through names."""
        if depth > MAX_DEPTH:
            return True
        for inner in ast.walk(node):
            if isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Load):
                if inner.id in split:
                    return True
                if any(
                    self._may_hold_rows(value, split, depth + 1)
                    for value in self.values.get(inner.id, [])
                    if value is not node
                ):
                    return True
            elif isinstance(inner, ast.Call):
                called = self.call_path(inner) or ""
                if called.startswith(("numpy.", "pandas.")) or called in CONSTRUCTORS:
                    return True
        return False

    def rows(self, node: ast.expr, depth: int) -> int | None:
        """The number of rows of the array ``node`` as the source states it, else None."""
        if depth > MAX_DEPTH:
            return None
        depth += 1
        if isinstance(node, ast.Name):
            values = self.values.get(node.id, [])
            return self.rows(values[0], depth) if len(values) == 1 else None
        if isinstance(node, ast.UnaryOp):
            return self.rows(node.operand, depth)
        if isinstance(node, ast.BinOp):
            arrays = [side for side in (node.left, node.right) if not self._scalar(side, depth)]
            counts = {self.rows(side, depth) for side in arrays}
            return counts.pop() if len(counts) == 1 else None
        if not isinstance(node, ast.Call):
            return None
        called = self.call_path(node) or ""
        first = node.args[0] if node.args and not isinstance(node.args[0], ast.Starred) else None
        if called in LITERAL_ARRAYS and first is not None:
            if isinstance(first, ast.List | ast.Tuple):
                return len(first.elts)
            return self.rows(first, depth)
        if called in SHAPE_FIRST and first is not None:
            if isinstance(first, ast.List | ast.Tuple):
                return self._count(first.elts[0], depth) if first.elts else None
            return self._count(first, depth)
        size = self._argument(node, 2, "size") if called in SIZED_DRAWS else None
        if called in LINSPACES:
            size = self._argument(node, 2, LINSPACES[called])
        if isinstance(size, ast.List | ast.Tuple):
            return self._count(size.elts[0], depth) if size.elts else None
        if size is not None:
            return self._count(size, depth)
        if (
            isinstance(node.func, ast.Attribute)
            and node.func.attr in ROW_PRESERVING_METHODS
            and not called
        ):
            return self.rows(node.func.value, depth)
        return None

    @staticmethod
    def _argument(call: ast.Call, position: int, keyword: str) -> ast.expr | None:
        for item in call.keywords:
            if item.arg == keyword:
                return item.value
        if position < len(call.args) and not any(
            isinstance(argument, ast.Starred) for argument in call.args[: position + 1]
        ):
            return call.args[position]
        return None

    def _count(self, node: ast.expr, depth: int) -> int | None:
        """An int constant, or a name assigned once, an int constant."""
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name) and depth <= MAX_DEPTH:
            values = self.values.get(node.id, [])
            if len(values) == 1:
                return self._count(values[0], depth + 1)
        return None

    def _scalar(self, node: ast.expr, depth: int) -> bool:
        """A numeric constant, or a name every assignment of which is one."""
        if isinstance(node, ast.Constant):
            return type(node.value) in (int, float)
        if isinstance(node, ast.UnaryOp):
            return self._scalar(node.operand, depth)
        if isinstance(node, ast.Name) and depth <= MAX_DEPTH:
            values = self.values.get(node.id, [])
            return bool(values) and all(self._scalar(value, depth + 1) for value in values)
        return False
