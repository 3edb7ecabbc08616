"""Which training data a script feeds its training loop, traced back to where it is made.

A *dataset chain* is the sequence of ``tf.data`` method calls from a construction
(``tf.data.Dataset.from_tensor_slices(...)``) to the expression the training loop consumes,
followed through names by their reaching assignment. Names are followed only when every
assignment to them in the scope is a plain statement of the scope's own body (no branch, no
loop), so the assignment that reaches a use is the last one above it; anything else ends the
trace without a chain. Nothing is executed or imported.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from .survey import Survey

# Dataset methods that keep the number of elements a function of the number they receive (so
# equal shards stay equal on every rank); ``take``/``skip`` are split or budget points.
COUNT_PRESERVING: frozenset[str] = frozenset(
    {
        "map", "shuffle", "batch", "padded_batch", "repeat", "prefetch", "cache", "enumerate",
        "with_options",
    }
)  # fmt: skip
SPLITTING: frozenset[str] = frozenset({"take", "skip"})
BATCHING: frozenset[str] = frozenset({"batch", "padded_batch"})
# Before the shard point only these may come (the element count stays known).
KNOWN_COUNT: frozenset[str] = frozenset({"map", "cache", "prefetch", "enumerate", *SPLITTING})
# Constructions whose number of elements is known when the script runs.
SIZED_CONSTRUCTORS: frozenset[str] = frozenset(
    {"tensorflow.data.Dataset.from_tensor_slices", "tensorflow.data.Dataset.range"}
)
# Calls that iterate their first argument as it is.
ITERATING_BUILTINS: frozenset[str] = frozenset({"enumerate", "iter"})


@dataclass(frozen=True)
class ChainStep:
    """One call of a dataset chain: ``method`` is the dataset method, or ``""`` for the
    construction; ``owner`` is the name the call's value is assigned to, if any."""

    method: str
    call: ast.Call
    owner: ast.Assign | None


@dataclass(frozen=True)
class DatasetChain:
    """A dataset chain, construction first (see the module docstring); ``via`` are the name
    reads the trace went through."""

    constructor: str
    steps: tuple[ChainStep, ...]
    via: tuple[ast.Name, ...]


def _only_start_after_iterable(call: ast.Call) -> bool:
    """``iter(x)``/``enumerate(x)``, or ``enumerate(x, start)``/``enumerate(x, start=...)``:
    the start only numbers the elements, it does not change how many there are."""
    extra = [*call.args[1:], *call.keywords]
    if not extra:
        return True
    if not isinstance(call.func, ast.Name) or call.func.id != "enumerate" or len(extra) != 1:
        return False
    return len(call.args) == 2 or call.keywords[0].arg == "start"


class DatasetTracer:
    """Traces consumed expressions back to their dataset chains in one module."""

    def __init__(self, survey: Survey, call_path: Callable[[ast.Call], str | None]) -> None:
        self.survey = survey
        self.call_path = call_path
        self.assignments: dict[str, list[ast.Assign | ast.AnnAssign]] = defaultdict(list)
        for node in survey.assignments:
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Name):
                    self.assignments[target.id].append(node)
        self.reads: dict[str, list[ast.Name]] = defaultdict(list)
        for name in survey.names:
            if isinstance(name.ctx, ast.Load):
                self.reads[name.id].append(name)

    def chain(self, node: ast.expr) -> DatasetChain | None:
        """The chain ending at ``node`` (through ``enumerate``/``iter``), or None when ``node``
        is not recognisably a ``tf.data`` chain."""
        steps: list[ChainStep] = []
        via: list[ast.Name] = []
        current: ast.expr = node
        owner: ast.Assign | None = None
        for _ in range(200):
            if isinstance(current, ast.Name):
                assignment = self.reaching_assignment(current)
                if assignment is None:
                    argument = self.only_argument_for(current)
                    if argument is None:
                        return None
                    via.append(current)
                    current, owner = argument, None
                    continue
                via.append(current)
                current, owner = assignment.value, assignment
                continue
            if not isinstance(current, ast.Call):
                return None
            if (
                isinstance(current.func, ast.Name)
                and current.func.id in ITERATING_BUILTINS
                and current.args
                and not isinstance(current.args[0], ast.Starred)
                and _only_start_after_iterable(current)
            ):
                current, owner = current.args[0], None
                continue
            called = self.call_path(current) or ""
            if called.startswith("tensorflow.data."):
                steps.append(ChainStep("", current, owner))
                steps.reverse()
                return DatasetChain(called, tuple(steps), tuple(via))
            if not isinstance(current.func, ast.Attribute):
                return None
            steps.append(ChainStep(current.func.attr, current, owner))
            current, owner = current.func.value, None
        return None

    def reaching_assignment(self, use: ast.Name) -> ast.Assign | None:
        """The assignment whose value ``use`` reads: the last plain ``name = value`` above it in
        its own scope (or, for a name the scope never assigns, the module's last one)."""
        function = self.survey.contexts[use].function
        statement = self.survey.contexts[use].statement
        for scope in (function, None) if function is not None else (None,):
            assignments = [
                node
                for node in self.assignments.get(use.id, ())
                if self.survey.contexts[node].function is scope
            ]
            if not assignments:
                continue
            if not self._one_straight_block(assignments):
                return None
            if scope is function and statement is not None:
                above = [node for node in assignments if node.lineno < statement.lineno]
                if not above:
                    return None
                chosen = above[-1]
            else:
                chosen = assignments[-1]
            assert isinstance(chosen, ast.Assign)
            return chosen
        return None

    def only_argument_for(self, use: ast.Name) -> ast.expr | None:
        """For a parameter of a function of this file that the function never assigns: the
        argument of the one call of the function (by its name, outside it) that binds it
        (``def train(dataset, epochs): for batch in dataset: ...`` and ``train(train_dataset,
        EPOCHS)``, as in TensorFlow's DCGAN tutorial). None with any other number of calls."""
        function = self.survey.contexts[use].function
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            return None
        if any(
            self.survey.contexts[node].function is function
            for node in self.assignments.get(use.id, ())
        ):
            return None
        positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        keyword_only = [a.arg for a in function.args.kwonlyargs]
        if use.id not in positional and use.id not in keyword_only:
            return None
        calls = [
            call
            for call in self.survey.calls
            if isinstance(call.func, ast.Name)
            and call.func.id == function.name
            and self.survey.contexts[call].function is not function
        ]
        if len(calls) != 1 or any(isinstance(a, ast.Starred) for a in calls[0].args):
            return None
        (call,) = calls
        for keyword in call.keywords:
            if keyword.arg == use.id:
                return keyword.value
        if use.id in positional and positional.index(use.id) < len(call.args):
            return call.args[positional.index(use.id)]
        return None

    def _one_straight_block(self, assignments: list[ast.Assign | ast.AnnAssign]) -> bool:
        """All are plain ``name = value`` statements of one block's own body (a function, the
        module, or the body of an ``if``/``with``/``try`` such as ``if __name__ == ...:``),
        never a loop's, so the last one above a use is the one that reaches it."""
        owners = {id(self.survey.parents.get(node)) for node in assignments}
        owner = self.survey.parents.get(assignments[0])
        if len(owners) != 1 or isinstance(owner, ast.For | ast.AsyncFor | ast.While):
            return False
        body = getattr(owner, "body", None)
        if not isinstance(body, list):
            return False
        members = {id(statement) for statement in body}
        return all(
            isinstance(node, ast.Assign) and len(node.targets) == 1 and id(node) in members
            for node in assignments
        )

    def loads(self, name: str) -> list[ast.Name]:
        """Every read of ``name`` in the module."""
        return self.reads.get(name, [])
