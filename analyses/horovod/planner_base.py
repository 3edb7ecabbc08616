"""What the TF2 and the PyTorch Horovod planners share: the plan they produce, the planner's
tables (survey, imports, assigned values, planned edits, violations) and the questions both ask
(names, spans, fresh names, training loops found through function summaries, the leading import
block where Horovod is set up).

Neither planner reads files, imports user code or executes anything.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..facts import Diagnostic, Position, Severity, Span
from ..text import SourceText
from . import catalogue as known
from .call_parts import method_of
from .edits import ArgumentEdit, StatementEdit
from .names import ImportEnvironment
from .survey import FunctionNode, LoopNode, Survey

RESTRICTION_CODE = "horovod-restriction"
NOT_SHARDED_CODE = "horovod-data-not-sharded"
TAPE_LOOP = "gradient-tape"
KERAS_LOOP = "keras-fit"


@dataclass(frozen=True)
class TrainingLoop:
    """Where a training loop was recognised and of which kind (``TAPE_LOOP`` or ``KERAS_LOOP``)."""

    span: Span
    kind: str


@dataclass(frozen=True)
class Plan:
    """Everything the rewrite of one module needs, and why it may be refused."""

    already_distributed: bool
    loops: tuple[TrainingLoop, ...] = ()
    violations: tuple[Diagnostic, ...] = ()
    call_edits: Mapping[Span, tuple[ArgumentEdit, ...]] = field(default_factory=dict)
    rank0_callbacks: frozenset[Span] = frozenset()
    statement_edits: Mapping[Position, tuple[StatementEdit, ...]] = field(default_factory=dict)
    notes: tuple[Diagnostic, ...] = ()

    @property
    def applicable(self) -> bool:
        """True when the rewrite can be offered: a training loop, no violation, not distributed."""
        return bool(self.loops) and not self.violations and not self.already_distributed

    @property
    def edit_count(self) -> int:
        """How many planned edits the rewriter must apply (used to check that it applied all)."""
        return (
            sum(len(edits) for edits in self.call_edits.values())
            + len(self.rank0_callbacks)
            + sum(len(edits) for edits in self.statement_edits.values())
        )


class PlannerBase:
    """The state and helpers of a planner (see the module docstring). Subclasses plan the rules
    of one framework and end with ``finish``."""

    def __init__(self, tree: ast.Module, text: SourceText) -> None:
        self.tree = tree
        self.text = text
        self.survey = Survey(tree, text)
        self.env = ImportEnvironment()
        for node in self.survey.imports:
            self.env.add(node)
        self.violations: list[Diagnostic] = []
        self.call_edits: dict[Span, list[ArgumentEdit]] = defaultdict(list)
        self.statement_edits: dict[Position, list[StatementEdit]] = defaultdict(list)
        self.rank0_callbacks: set[Span] = set()
        self.values: dict[str, list[ast.expr]] = defaultdict(list)
        for assignment in self.survey.assignments:
            targets = (
                assignment.targets if isinstance(assignment, ast.Assign) else [assignment.target]
            )
            if assignment.value is None:
                continue
            for target in targets:
                if isinstance(target, ast.Name):
                    self.values[target.id].append(assignment.value)
        self.fresh_taken: set[str] = set(self.survey.bound_names)
        self.print_is_builtin = "print" not in self.env.paths and all(
            function.name != "print" for function in self.survey.functions
        )
        self.anchor: ast.stmt | None = None
        self.anchor_before: ast.stmt | None = None
        self.leading_names: set[str] = set()
        self.prelude_definitions: list[str] = []
        self.rank0_writes: list[ast.stmt] = []
        self.rank0_directories: set[int] = set()
        self.training_functions: set[str] = set()
        self.shadowed_builtins: set[str] = set(self.env.paths) | {
            function.name for function in self.survey.functions
        }
        self.notes: list[Diagnostic] = []

    def finish(self, loops: list[TrainingLoop]) -> Plan:
        """The plan of the recognised ``loops`` with everything planned so far."""
        return Plan(
            already_distributed=False,
            loops=tuple(loops),
            violations=tuple(sorted(self.violations, key=lambda d: d.span)),
            call_edits={key: tuple(edits) for key, edits in self.call_edits.items()},
            rank0_callbacks=frozenset(self.rank0_callbacks),
            statement_edits={key: tuple(edits) for key, edits in self.statement_edits.items()},
            notes=tuple(self.notes),
        )

    def span(self, node: ast.AST) -> Span:
        return self.survey.span(node)

    def path(self, node: ast.expr) -> str | None:
        return self.env.path_of(node)

    def call_path(self, call: ast.Call) -> str | None:
        return self.env.path_of(call.func)

    def violate(self, node: ast.AST, rule: str, problem: str, change: str) -> None:
        message = (
            f"{rule} blocks the Horovod rewrite: {problem}. To distribute this script, {change}."
        )
        self.violations.append(
            Diagnostic(self.span(node), Severity.WARNING, RESTRICTION_CODE, message)
        )

    def fresh(self, preferred: str) -> str:
        name, counter = preferred, 1
        while name in self.fresh_taken:
            counter += 1
            name = f"{preferred}_{counter}"
        self.fresh_taken.add(name)
        return name

    def edit_call(self, call: ast.Call, edit: ArgumentEdit) -> None:
        self.call_edits[self.span(call.func)].append(edit)

    def edit_name(self, name: ast.Name, edit: ArgumentEdit) -> None:
        """An edit of the read ``name`` itself (kept with the call edits, by its span)."""
        self.call_edits[self.span(name)].append(edit)

    def edit_statement(self, statement: ast.stmt, edit: StatementEdit) -> None:
        self.statement_edits[self.span(statement).start].append(edit)

    def statement_of(self, node: ast.AST) -> ast.stmt | None:
        return self.survey.contexts[node].statement

    def function_of(self, node: ast.AST) -> FunctionNode | None:
        return self.survey.contexts[node].function

    def callbacks_include(self, callbacks: ast.expr, classes: frozenset[str]) -> bool:
        """``callbacks`` makes a callback of one of ``classes`` (canonical paths) or names one:
        through the values assigned to the names in it and the arguments of their ``append``
        calls, transitively."""
        pending: list[ast.AST] = [callbacks]
        seen: set[str] = set()
        while pending:
            for node in ast.walk(pending.pop()):
                if isinstance(node, ast.Call) and self.call_path(node) in classes:
                    return True
                if isinstance(node, ast.Name) and node.id not in seen:
                    seen.add(node.id)
                    pending.extend(self.values.get(node.id, []))
                    pending.extend(
                        call.args[0]
                        for call in self.survey.calls
                        if isinstance(call.func, ast.Attribute)
                        and call.func.attr == "append"
                        and isinstance(call.func.value, ast.Name)
                        and call.func.value.id == node.id
                        and call.args
                    )
        return False

    def _is_method(self, call: ast.Call, name: str) -> bool:
        method = method_of(call)
        return method is not None and method[1] == name

    def _training_loops(
        self, sites: list[ast.AST], kind: str
    ) -> tuple[list[TrainingLoop], set[LoopNode]]:
        """FuncSummary: functions whose body trains (directly or through calls), then the loops
        around the training calls. Returns the reported loops and every loop around a site."""
        training_functions: set[str] = set()
        for site in sites:
            function = self.function_of(site)
            if function is not None:
                training_functions.add(function.name)
        aliases = {
            name: value.args[0].id
            for name, values in self.values.items()
            for value in values
            if isinstance(value, ast.Call)
            and self.call_path(value) == known.TF_FUNCTION
            and value.args
            and isinstance(value.args[0], ast.Name)
        }
        calls_by_callee: dict[str, list[ast.Call]] = defaultdict(list)
        for call in self.survey.calls:
            callee = (
                call.func.id
                if isinstance(call.func, ast.Name)
                else call.func.attr
                if isinstance(call.func, ast.Attribute)
                else None
            )
            if callee is not None:
                calls_by_callee[aliases.get(callee, callee)].append(call)
        calls_to_training: list[ast.Call] = []
        pending = list(training_functions)
        while pending:
            for call in calls_by_callee.get(pending.pop(), ()):
                calls_to_training.append(call)
                caller = self.function_of(call)
                if caller is not None and caller.name not in training_functions:
                    training_functions.add(caller.name)
                    pending.append(caller.name)
        self.training_functions = training_functions
        reported: list[TrainingLoop] = []
        around: set[LoopNode] = set()
        seen: set[Span] = set()
        for site in [*sites, *calls_to_training]:
            loops = self.survey.contexts[site].loops
            around.update(loops)
            if loops:
                outer = loops[0]
                header_end = outer.test if isinstance(outer, ast.While) else outer.iter
                span = Span(self.span(outer).start, self.span(header_end).end)
            elif isinstance(site, ast.Call) and self._is_method(site, "fit"):
                span = self.span(site)
            else:
                continue
            if span not in seen:
                seen.add(span)
                reported.append(TrainingLoop(span, kind))
        if not reported:
            reported.append(TrainingLoop(self.span(sites[0]), kind))
        reported.sort(key=lambda loop: loop.span)
        return reported, around

    def _leading_block(self) -> list[ast.stmt]:
        """The statements before the first one that is not an import, the docstring, or
        environment setup (``os.environ[...] = ...``, ``sys.path``/``warnings`` calls)."""
        block: list[ast.stmt] = []
        for index, statement in enumerate(self.tree.body):
            if (
                isinstance(statement, ast.Import | ast.ImportFrom)
                or (
                    index == 0
                    and isinstance(statement, ast.Expr)
                    and isinstance(statement.value, ast.Constant)
                    and isinstance(statement.value.value, str)
                )
                or self._is_environment_setup(statement)
            ):
                block.append(statement)
            else:
                break
        return block

    def _is_environment_setup(self, statement: ast.stmt) -> bool:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            return isinstance(target, ast.Subscript) and self.path(target.value) == "os.environ"
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            called = self.call_path(statement.value) or ""
            return called.startswith(("os.environ.", "sys.path.", "warnings."))
        return False

    def _check_imports(self) -> None:
        """Where Horovod is set up: after the leading import block (or before the first statement
        when the module does not start with imports). TensorFlow imported further down, inside a
        function or a block is fine: the set-up imports TensorFlow itself when the leading block
        does not (see ``_plan_initialisation``)."""
        leading = self._leading_block()
        self.leading_names = set()
        for statement in leading:
            if isinstance(statement, ast.Import | ast.ImportFrom):
                self.anchor = statement
                self.leading_names.update(
                    (alias.asname or alias.name.split(".")[0]) for alias in statement.names
                )
        if self.anchor is None:
            body = [statement for statement in self.tree.body if statement not in leading]
            self.anchor_before = body[0] if body else None
        if "hvd" in self.survey.bound_names:
            node = next(
                (n for n in ast.walk(self.tree) if isinstance(n, ast.Name) and n.id == "hvd"),
                self.tree.body[0],
            )
            self.violate(
                node,
                "The name hvd",
                "the script already uses the name hvd, which the rewrite binds to Horovod",
                "rename it",
            )

    def _values_through_names(self, node: ast.expr) -> list[ast.expr]:
        """``node``, or every value assigned to it when it is a name (following names that are
        assigned names, each at most once, so cycles such as ``a = b; b = a`` end)."""
        found: list[ast.expr] = []
        seen: set[str] = set()
        pending = [node]
        while pending:
            current = pending.pop()
            if isinstance(current, ast.Name):
                if current.id not in seen:
                    seen.add(current.id)
                    pending.extend(self.values.get(current.id, ()))
            else:
                found.append(current)
        return found

    def _single_value(self, node: ast.expr | None, near: ast.AST) -> ast.expr | None:
        """Follow a name to its only assignment in the same function, if it has exactly one."""
        if not isinstance(node, ast.Name):
            return node
        function = self.function_of(near)
        found = [
            assignment.value
            for assignment in self.survey.assignments
            if isinstance(assignment, ast.Assign)
            and self.function_of(assignment) is function
            and any(isinstance(t, ast.Name) and t.id == node.id for t in assignment.targets)
        ]
        return found[0] if len(found) == 1 else node
