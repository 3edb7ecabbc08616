"""Give each rank its own part of the training data, or say why it cannot be done safely.

Sharding is planned where the data's construction is known:

* NumPy/TensorFlow arrays passed to ``fit(x, y)`` are replaced by this rank's part;
* a ``tf.data`` chain built from ``from_tensor_slices``/``range`` is sharded right after its
  construction, or after its last element-level ``take``/``skip`` (a train/validation split), so
  before any shuffle, batch or repeat.

Every rank gets exactly ``n // hvd.size()`` elements (the helper ``SHARD_FUNCTION`` drops the
remainder), and everything after the shard point must keep element counts equal across ranks,
so all ranks run the same number of steps and their collectives match. Anything else (a
generator, files, a ``filter`` after the shard point, a dataset also used for evaluation) is
left unsharded and reported as a note; every rank then trains on the whole data.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field

from .call_parts import names_in
from .datasets import (
    BATCHING,
    COUNT_PRESERVING,
    KNOWN_COUNT,
    SIZED_CONSTRUCTORS,
    SPLITTING,
    DatasetChain,
    DatasetTracer,
)
from .survey import Survey

# The helper the rewrite defines after ``hvd.init()`` ({name}, {tf} filled in).
SHARD_FUNCTION = """def {name}(data):
    # This rank's part: every hvd.size()-th element from index hvd.rank(), as many elements on
    # every rank (the remainder is left out) so that all ranks run the same number of steps.
    if isinstance(data, {tf}.data.Dataset):
        count = int(data.cardinality()) // hvd.size() * hvd.size()
        return data.take(count).shard(hvd.size(), hvd.rank())
    return data[hvd.rank() : len(data) // hvd.size() * hvd.size() : hvd.size()]
"""

ARRAY_METHODS: frozenset[str] = frozenset(
    {
        "astype", "reshape", "copy", "transpose", "squeeze", "numpy", "flatten", "ravel", "sum",
        "mean", "max", "min", "argmax", "argmin", "clip", "round", "dot", "cumsum",
        # pandas DataFrame/Series methods returning rows of their receiver (hvd_shard's slice
        # of a DataFrame or Series selects rows by position)
        "dropna", "sample", "pop", "drop", "to_numpy", "fillna",
    }
)  # fmt: skip
ARRAY_MODULES: tuple[str, ...] = (
    "numpy.",
    "tensorflow.random.",
    "tensorflow.math.",
    "keras.utils.to_categorical",
    "pandas.read_csv",
    "pandas.DataFrame",
    "pandas.get_dummies",
)
TENSOR_FUNCTIONS: frozenset[str] = frozenset(
    {
        "tensorflow.constant", "tensorflow.ones", "tensorflow.zeros", "tensorflow.cast",
        "tensorflow.one_hot", "tensorflow.reshape", "tensorflow.concat", "tensorflow.stack",
        "tensorflow.convert_to_tensor", "tensorflow.range", "tensorflow.clip_by_value",
        "tensorflow.expand_dims", "tensorflow.squeeze", "tensorflow.reduce_min",
        "tensorflow.reduce_max", "tensorflow.reduce_mean", "tensorflow.reduce_sum",
    }
)  # fmt: skip
# Functions whose results, unpacked, are arrays (the splits of their array arguments).
SPLITTING_FUNCTIONS: frozenset[str] = frozenset({"sklearn.model_selection.train_test_split"})
RANDOM_GENERATORS: frozenset[str] = frozenset(
    {"numpy.random.default_rng", "numpy.random.RandomState", "numpy.random.Generator"}
)
FIT_SAMPLE_WEIGHT = "sample_weight"
# How deeply nested expressions and names are followed to recognise an array.
MAX_DEPTH = 64
UNKNOWN_SOURCE_NOTE = (
    "the training data was not sharded by rank: tensorls found no tf.data chain or array it "
    "comes from, so every rank trains on all of it"
)


@dataclass
class ShardingPlan:
    """Calls to wrap in the shard helper (by identity), ``fit`` arguments to wrap as
    ``(call, position, keyword)``, element-level ``take`` calls (never divided), and notes."""

    calls: list[ast.Call] = field(default_factory=list)
    arguments: list[tuple[ast.Call, int | None, str | None]] = field(default_factory=list)
    element_takes: set[int] = field(default_factory=set)
    notes: list[tuple[ast.AST, str]] = field(default_factory=list)


def _argument(
    call: ast.Call, position: int | None, keyword: str
) -> tuple[ast.expr | None, int | None, str | None]:
    for item in call.keywords:
        if item.arg == keyword:
            return item.value, None, keyword
    if position is not None and position < len(call.args):
        if any(isinstance(arg, ast.Starred) for arg in call.args[: position + 1]):
            return None, None, None
        return call.args[position], position, None
    return None, None, None


def has_arguments(call: ast.Call) -> bool:
    """``cache(filename)`` would make the ranks share one cache file; ``cache()`` is in memory."""
    return bool(call.args or call.keywords)


KERAS_DATASETS = "keras.datasets."


class ShardingPlanner:
    """Plans the sharding of one module's training data (see the module docstring)."""

    def __init__(
        self,
        survey: Survey,
        call_path: Callable[[ast.Call], str | None],
        values: dict[str, list[ast.expr]],
    ) -> None:
        self.survey = survey
        self.call_path = call_path
        self.values = values
        self.tracer = DatasetTracer(survey, call_path)
        self.result = ShardingPlan()
        self.loaded_arrays = self._loaded_arrays()
        self.array_names: dict[str, bool] = {}
        self.consumed: list[ast.expr] = []

    # ------------------------------------------------------------------------------- arrays

    def _loaded_arrays(self) -> set[str]:
        """Names bound by unpacking ``keras.datasets.*.load_data()``, also called through a
        name every assignment of which binds a dataset module (``mnist =
        tf.keras.datasets.mnist``, as in TensorFlow's quickstart), or scikit-learn's
        ``train_test_split(...)``."""
        found: set[str] = set()
        for assignment in self.survey.assignments:
            value = assignment.value
            if (
                isinstance(assignment, ast.Assign)
                and isinstance(value, ast.Call)
                and (self._is_dataset_load(value) or self.call_path(value) in SPLITTING_FUNCTIONS)
            ):
                for target in assignment.targets:
                    found.update(node.id for node in ast.walk(target) if isinstance(node, ast.Name))
        return found

    def _is_dataset_load(self, call: ast.Call) -> bool:
        if (self.call_path(call) or "").startswith(KERAS_DATASETS):
            return True
        function = call.func
        if not (isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name)):
            return False
        modules = self.values.get(function.value.id, [])
        return bool(modules) and all(
            isinstance(module, ast.Attribute)
            and (self.call_path(ast.Call(func=module, args=[], keywords=[])) or "").startswith(
                KERAS_DATASETS
            )
            for module in modules
        )

    def _is_array_name(self, name: str, depth: int) -> bool:
        """Every value assigned to ``name`` is an array (memoised; a cycle, or names nested
        deeper than ``MAX_DEPTH``, count as not known to be arrays)."""
        known = self.array_names.get(name)
        if known is not None:
            return known
        if depth > MAX_DEPTH:
            return False
        if name in self.loaded_arrays:
            self.array_names[name] = True
            return True
        values = self.values.get(name, [])
        # A value reading the name itself (``dataset = dataset.dropna()``) is judged assuming
        # the name holds an array; at least one value must not read it (the first binding).
        before = set(self.array_names)
        self.array_names[name] = True
        result = (
            bool(values)
            and any(name not in names_in(value) for value in values)
            and all(self._is_array(value, depth + 1) for value in values)
        )
        if not result:
            for other in set(self.array_names) - before:
                del self.array_names[other]
        self.array_names[name] = result
        return result

    def _is_array(self, node: ast.expr, depth: int = 0) -> bool:
        """``node`` is recognisably a NumPy/TensorFlow array (see the module docstring); false
        beyond ``MAX_DEPTH`` nested expressions and names."""
        if depth > MAX_DEPTH:
            return False
        depth += 1
        if isinstance(node, ast.Name):
            return self._is_array_name(node.id, depth)
        if isinstance(node, ast.Subscript):
            return self._is_array(node.value, depth)
        if isinstance(node, ast.UnaryOp):
            return self._is_array(node.operand, depth)
        if isinstance(node, ast.Compare):
            return any(self._is_array(side, depth) for side in (node.left, *node.comparators))
        if isinstance(node, ast.BinOp):
            arrays = [
                None if self._is_number(side) else self._is_array(side, depth)
                for side in (node.left, node.right)
            ]
            return True in arrays and False not in arrays
        if isinstance(node, ast.Call):
            called = self.call_path(node) or ""
            if called.startswith(ARRAY_MODULES) or called in TENSOR_FUNCTIONS:
                return True
            if not isinstance(node.func, ast.Attribute):
                return False
            receiver = node.func.value
            if isinstance(receiver, ast.Name) and self._is_generator(receiver.id):
                return True
            return node.func.attr in ARRAY_METHODS and self._is_array(receiver, depth)
        return False

    def _is_number(self, node: ast.expr) -> bool:
        """A constant, or a name every assignment of which is a numeric constant
        (``noise_factor = 0.2``)."""
        if isinstance(node, ast.Constant):
            return True
        values = self.values.get(node.id, []) if isinstance(node, ast.Name) else []
        return bool(values) and all(
            isinstance(value, ast.Constant)
            and isinstance(value.value, int | float)
            and not isinstance(value.value, bool)
            for value in values
        )

    def _is_generator(self, name: str) -> bool:
        """A NumPy random generator (``np.random.default_rng(...)``): its draws are arrays."""
        values = self.values.get(name, [])
        return bool(values) and all(
            isinstance(value, ast.Call) and self.call_path(value) in RANDOM_GENERATORS
            for value in values
        )

    # ---------------------------------------------------------------------------- the plan

    def plan(self, fits: list[ast.Call], loop_iterables: list[ast.expr]) -> ShardingPlan:
        """Shard the data of every ``fit`` and of every training loop's iterable that is a
        dataset chain (loops over ``range``, lists and the like are not data sources)."""
        self.consumed = list(loop_iterables)
        for fit in fits:
            x, _, _ = _argument(fit, 0, "x")
            if x is not None:
                self.consumed.append(x)
        for fit in fits:
            self._plan_fit(fit)
        for iterable in loop_iterables:
            chain = self.tracer.chain(iterable)
            if chain is not None:
                self._shard_chain(chain, iterable)
        return self.result

    def _plan_fit(self, fit: ast.Call) -> None:
        x, x_position, x_keyword = _argument(fit, 0, "x")
        if x is None:
            return
        y, y_position, y_keyword = _argument(fit, 1, "y")
        if y is None or (isinstance(y, ast.Constant) and y.value is None):
            chain = self.tracer.chain(x)
            if chain is None:
                self._note(fit, x, "it is not a tf.data chain tensorls can follow to its source")
            else:
                self._shard_chain(chain, x)
            return
        weight, w_position, w_keyword = _argument(fit, None, FIT_SAMPLE_WEIGHT)
        given = [(x, x_position, x_keyword), (y, y_position, y_keyword)]
        if weight is not None:
            given.append((weight, w_position, w_keyword))
        unknown = [node for node, _, _ in given if not self._is_array(node)]
        if unknown:
            self._note(fit, unknown[0], "tensorls cannot tell that it is an array it can split")
            return
        for _, position, keyword in given:
            self.result.arguments.append((fit, position, keyword))

    def _note(self, site: ast.AST, data: ast.expr, reason: str) -> None:
        self.result.notes.append(
            (
                site,
                f"the training data {self.survey.segment(data)} was not sharded by rank ({reason}),"
                " so every rank trains on all of it",
            )
        )

    def _shard_chain(self, chain: DatasetChain, consumed: ast.expr) -> None:
        if chain.constructor not in SIZED_CONSTRUCTORS:
            self._note(consumed, consumed, "its size is not known before it is read")
            return
        if any(step.method == "cache" and has_arguments(step.call) for step in chain.steps):
            self._note(consumed, consumed, "the ranks would share its cache file")
            return
        methods = [step.method for step in chain.steps[1:]]
        unsafe = [m for m in methods if m not in COUNT_PRESERVING and m not in SPLITTING]
        if unsafe:
            self._note(
                consumed, consumed, f"{unsafe[0]} could leave the ranks different numbers of steps"
            )
            return
        point, index = 0, 1
        while index < len(chain.steps) and chain.steps[index].method in KNOWN_COUNT:
            if chain.steps[index].method in SPLITTING:
                point = index
            index += 1
        batched = False
        for step in chain.steps[index:]:
            batched = batched or step.method in BATCHING
            if step.method in SPLITTING and not batched:
                self._note(
                    consumed,
                    consumed,
                    f"its {step.method} on single elements comes after shuffling or repeating",
                )
                return
        for step in chain.steps[: point + 1]:
            if step.method in SPLITTING:
                self.result.element_takes.add(id(step.call))
        elsewhere = self._used_elsewhere(chain, point)
        if elsewhere is not None:
            self._note(
                consumed,
                consumed,
                f"it is also used on line {elsewhere.lineno}, which would then see one rank's part",
            )
            return
        target = chain.steps[point].call
        if all(call is not target for call in self.result.calls):
            self.result.calls.append(target)

    def _used_elsewhere(self, chain: DatasetChain, point: int) -> ast.Name | None:
        """A read, outside training, of a name holding the data after the shard point."""
        allowed = {id(node) for node in chain.via}
        for consumed in self.consumed:
            allowed.update(id(node) for node in ast.walk(consumed))
        for step in chain.steps[point:]:
            if step.owner is None:
                continue
            for target in step.owner.targets:
                if not isinstance(target, ast.Name):
                    continue
                for read in self.tracer.loads(target.id):
                    if id(read) not in allowed:
                        return read
        return None

    def element_level_take(self, take: ast.Call) -> bool:
        """True when ``take`` counts single elements (its chain batches nowhere before it): a
        train/validation split or a subset, never a per-epoch step budget."""
        if id(take) in self.result.element_takes:
            return True
        chain = self.tracer.chain(take)
        if chain is None:
            return False
        return not any(step.method in BATCHING for step in chain.steps[:-1])
