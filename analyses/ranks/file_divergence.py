"""Rank divergences in the file system: the files and directories each rank creates, writes and
reads, as values located at the ranks that made them (see ``docs/ranks.md``).

A file rank 0 writes is located at rank 0 until a collective every rank passes orders the write
before the other ranks' next steps; a directory from ``tempfile.mkdtemp()`` is located at the
process that made it (each process gets its own). The ranks share the file system the paths are
on (every run on one host; on several hosts, a shared file system). Reported as
``rank-file-divergence``:

- error: a directory every rank creates with ``os.mkdir``/``os.makedirs`` (no ``exist_ok``) at a
  path that is the same on every rank, where both projections certainly run the call (every
  enclosing test decided, no early exit under an undecided test before it, its function called so
  from the module), outside any ``try`` and with no call in the module that removes files or
  changes the working directory: when two processes create one directory, one of them gets
  ``FileExistsError`` (both do when it existed before the run);
- error: a file rank 0 alone writes under its own ``tempfile.mkdtemp()`` directory and the other
  ranks read, certainly, under theirs, which no call of theirs is given: nothing ever writes the
  file they read (``FileNotFoundError``), however the ranks are timed;
- "possible" mode, warning: the same ``mkdir`` where the test before it (``if not
  os.path.exists(d)``) makes it a race rather than a certain failure; a file only rank 0 writes
  and the other ranks read later in the same function at the same path expression with no
  collective site and no call of a function of the module between (they may read it before it is
  written, or an older one; with a per-process path, never the one rank 0 wrote).

Never reported: creations with ``exist_ok=True``, paths naming the rank, reads of files whose
writer is unknown, anything reached under a test one projection does not decide.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..facts import Diagnostic, RelatedInformation, Severity, Span
from ..interpreter.core.hovers import node_key
from ..text import SourceText
from .file_operations import (
    PATH_FUNCTIONS,
    REMOVING_FUNCTIONS,
    FileOperation,
    ImportNames,
    Operation,
    file_operations,
)
from .path_values import NESTED, SCOPES, PathValues
from .projections import Projection, constant_truth

CODE = "rank-file-divergence"
EXIT_FUNCTIONS = frozenset({"sys.exit", "exit", "quit", "os._exit"})
REMOVING_METHODS = frozenset({"rmdir", "unlink", "rmtree"})
MAX_CALL_DEPTH = 4
EXISTENCE_TESTS = frozenset({"exists", "isdir", "isfile"})
MODEL_CHECKPOINT = "ModelCheckpoint"


class SpanSet(Protocol):
    def __contains__(self, span: Span) -> bool: ...


@dataclass(frozen=True)
class Sides:
    """What the file check needs of the two projections: which spans each side reached and the
    collective sites (with their API) each reached."""

    projections: tuple[Projection, Projection]
    reached: tuple[SpanSet, SpanSet]
    """Per side, the spans of the expressions evaluated (``checks.ReachedSpans``)."""
    collective_sites: tuple[dict[Span, str], dict[Span, str]]


class FileDivergence:
    """The file-system reports of one module (see the module docstring)."""

    def __init__(self, tree: ast.Module, text: SourceText, sides: Sides, possible: bool) -> None:
        self.tree = tree
        self.text = text
        self.sides = sides
        self.possible = possible
        self.names = ImportNames(tree)
        self.paths = PathValues(tree, self.names)
        self.parents = self.paths.bindings.parents
        self.operations = list(file_operations(tree, self.names))
        self.calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
        self.definitions: dict[str, list[ast.AST]] = {}
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.definitions.setdefault(node.name, []).append(node)
        self.removes = any(self._removes(call) for call in self.calls)
        self.race_tests_taken = False
        """While set, a test of a path's existence counts as decided (both ranks may pass it
        before either creates the path: the race of "possible" mode)."""

    def reports(self) -> list[Diagnostic]:
        found = [*self.creation_reports(), *self.fresh_directory_reports()]
        if self.possible and not any(d.severity == Severity.ERROR for d in found):
            found.extend(self.unsynchronised_reports())
        return found

    # Directories every rank creates.

    def creation_reports(self) -> list[Diagnostic]:
        found = []
        for operation in self.operations:
            if operation.operation is not Operation.CREATE_DIRECTORY:
                continue
            call = operation.call
            if not all(self.reached(call, side) for side in (0, 1)):
                continue
            scope = self.paths.bindings.scope_of(call)
            if not self.paths.uniform(operation.path, scope) or self._differs(operation.path):
                continue
            certain = not self.removes and all(self.certainly_run(call, side) for side in (0, 1))
            if not certain and not (self.possible and self._may_race(call)):
                continue
            path = ast.unparse(operation.path)
            found.append(
                Diagnostic(
                    span=self.text.span_of_node(call),
                    severity=Severity.ERROR if certain else Severity.WARNING,
                    code=CODE,
                    message=(
                        f"every rank creates the directory {path} with {operation.api}: when"
                        " two processes create one directory, one of them fails with"
                        " FileExistsError (every one when it existed before); every run of two"
                        " or more processes fails here. Create it on rank 0 followed by a wait"
                        " every rank passes, or pass exist_ok=True"
                        if certain
                        else f"every rank may create the directory {path} with"
                        f" {operation.api} here: a rank may fail with FileExistsError when"
                        " another creates it between its test and its creation"
                    ),
                )
            )
        return found

    # Files under each process's own temporary directory.

    def fresh_directory_reports(self) -> list[Diagnostic]:
        found = []
        for read in self.operations:
            if read.operation is not Operation.READ or not self.reached(read.call, 1):
                continue
            scope = self.paths.bindings.scope_of(read.call)
            fresh = self.paths.fresh_directory(read.path, scope)
            if fresh is None or not self.certainly_run(read.call, 1):
                continue
            writes = [
                write
                for write in self._one_sided_writes()
                if self.paths.fresh_directory(write.path, self.paths.bindings.scope_of(write.call))
                is fresh
            ]
            if not writes or self._given_to_a_call(fresh, read, writes):
                continue
            write = writes[0]
            found.append(
                Diagnostic(
                    span=self.text.span_of_node(read.call),
                    severity=Severity.ERROR,
                    code=CODE,
                    message=(
                        f"the ranks other than 0 read {ast.unparse(read.path)} from their own"
                        f" temporary directory ({ast.unparse(fresh)} makes a new one in each"
                        " process), where only rank 0 writes it in its own: FileNotFoundError on"
                        " every rank other than 0 in every run of two or more processes. Make"
                        " the directory on rank 0 and broadcast its path"
                    ),
                    related=(
                        RelatedInformation(
                            self.text.span_of_node(write.call), "only rank 0 writes it here"
                        ),
                        RelatedInformation(
                            self.text.span_of_node(fresh), "a new directory in each process"
                        ),
                    ),
                )
            )
        return found

    def _one_sided_writes(self) -> list[FileOperation]:
        return [
            operation
            for operation in self.operations
            if operation.operation is Operation.WRITE
            and self.reached(operation.call, 0)
            and not self.reached(operation.call, 1)
        ]

    def _given_to_a_call(
        self, fresh: ast.expr, read: FileOperation, writes: Sequence[FileOperation]
    ) -> bool:
        """Whether a call the other ranks reach (other than the read, path computations and
        rank 0's writes) is given the fresh directory or a name made from it: it may write
        there."""
        derived = self._derived_names(fresh)
        skipped = {id(read.call), *(id(write.call) for write in writes)}
        for call in self.calls:
            if id(call) in skipped or not self.reached(call, 1):
                continue
            if self.names.dotted(call.func) in PATH_FUNCTIONS:
                continue
            arguments = [*call.args, *(keyword.value for keyword in call.keywords)]
            if any(_mentions(argument, derived) for argument in arguments):
                return True
        return False

    def _derived_names(self, fresh: ast.expr) -> set[str]:
        """The names bound to the fresh directory or to values made from those names."""
        names: set[str] = set()
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Assign) and node.value is fresh:
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            if (
                isinstance(node, ast.withitem)
                and node.context_expr is fresh
                and isinstance(node.optional_vars, ast.Name)
            ):
                names.add(node.optional_vars.id)
        changed = True
        while changed:
            changed = False
            for node in ast.walk(self.tree):
                if not isinstance(node, (ast.Assign, ast.AnnAssign)) or node.value is None:
                    continue
                mentions = any(
                    isinstance(n, ast.Name) and n.id in names for n in ast.walk(node.value)
                )
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                bound = {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
                if mentions and not bound <= names:
                    names |= bound
                    changed = True
        return names

    # Files rank 0 writes and the others read without a wait ("possible" mode).

    def unsynchronised_reports(self) -> list[Diagnostic]:
        found = []
        writes = self._one_sided_writes()
        reads = [
            operation
            for operation in self.operations
            if operation.operation is Operation.READ and self.reached(operation.call, 1)
        ]
        other_writes = {
            ast.dump(operation.path)
            for operation in self.operations
            if operation.operation is Operation.WRITE and self.reached(operation.call, 1)
        }
        for read in reads:
            key = ast.dump(read.path)
            scope = self.paths.bindings.scope_of(read.call)
            if key in other_writes:
                continue
            for write in writes:
                if (
                    ast.dump(write.path) != key
                    or self.paths.bindings.scope_of(write.call) is not scope
                    or not self._before(write.call, read.call)
                    or self._synchronised_between(write, read)
                ):
                    continue
                per_process = self.paths.per_process(read.path, scope)
                reason = (
                    f"the path is made from {per_process}(), which differs between processes"
                    if per_process is not None
                    else "with no collective between, they may read it before it is written"
                    " (or an older one)"
                )
                found.append(
                    Diagnostic(
                        span=self.text.span_of_node(read.call),
                        severity=Severity.WARNING,
                        code=CODE,
                        message=f"only rank 0 writes {ast.unparse(read.path)} and the other"
                        f" ranks read it here: {reason}",
                        related=(
                            RelatedInformation(
                                self.text.span_of_node(write.call), "only rank 0 writes it here"
                            ),
                        ),
                    )
                )
                break
        return found

    def _before(self, first: ast.AST, second: ast.AST) -> bool:
        return (first.end_lineno or first.lineno, first.end_col_offset or 0) <= (
            second.lineno,
            second.col_offset,
        )

    def _synchronised_between(self, write: FileOperation, read: FileOperation) -> bool:
        """Whether a collective site the other ranks reach, or a call of a function or class of
        the module holding one, lies between the write and the read (a ``ModelCheckpoint``
        writes during the ``fit`` it is given to: that ``fit`` orders nothing)."""
        start = (write.call.end_lineno or write.call.lineno, write.call.end_col_offset or 0)
        end = (read.call.lineno, read.call.col_offset)
        fits = (
            {
                self.text.span_of_node(call)
                for call in self.calls
                if isinstance(call.func, ast.Attribute) and call.func.attr == "fit"
            }
            if write.api.endswith(MODEL_CHECKPOINT)
            else set()
        )
        for site in self.sides.collective_sites[1]:
            position = (site.start.line + 1, self._utf8(site))
            if start <= position <= end and site not in fits:
                return True
        return any(
            start <= (call.lineno, call.col_offset) <= end
            and self._synchronising(_callee_name(call), frozenset())
            for call in self.calls
        )

    def _synchronising(self, name: str | None, seen: frozenset[str]) -> bool:
        """Whether a function or class of the module named ``name`` holds a collective site
        the other ranks reached, or calls one that does (by name, methods included)."""
        if name is None or name in seen or name not in self.definitions:
            return False
        lines = {site.start.line + 1 for site in self.sides.collective_sites[1]}
        for definition in self.definitions[name]:
            first, last = definition.lineno, definition.end_lineno or definition.lineno
            if any(first <= line <= last for line in lines):
                return True
            for node in ast.walk(definition):
                if isinstance(node, ast.Call) and self._synchronising(
                    _callee_name(node), seen | {name}
                ):
                    return True
        return False

    def _utf8(self, site: Span) -> int:
        return self.text.utf8_from_character(site.start.line, site.start.character)

    # Whether a call certainly runs on a side.

    def reached(self, node: ast.AST, side: int) -> bool:
        return self.text.span_of_node(node) in self.sides.reached[side]

    def decided(self, test: ast.expr, side: int) -> bool:
        if self.race_tests_taken and self._tests_existence(test):
            return True
        return constant_truth(self.sides.projections[side].value(node_key(test))) is not None

    def _tests_existence(self, test: ast.expr) -> bool:
        """Whether ``test`` asks whether a path exists (``if not os.path.exists(d):``)."""
        return any(
            isinstance(node, ast.Call)
            and (self.names.dotted(node.func) or "").rsplit(".", 1)[-1] in EXISTENCE_TESTS
            for node in ast.walk(test)
        )

    def certainly_run(self, node: ast.AST, side: int, depth: int = 0) -> bool:
        """Whether every run of ``side`` reaching the start of the module runs ``node`` (given
        that the projection reached it): every enclosing test is decided, no loop, ``try`` or
        suppressing ``with`` encloses it, no earlier statement may leave its scope under an
        undecided test, and its function is called so (at most ``MAX_CALL_DEPTH`` calls deep)."""
        child: ast.AST = node
        parent = self.parents.get(child)
        while parent is not None and not isinstance(parent, SCOPES):
            if not self._enters(parent, child, side):
                return False
            for body in _bodies(parent):
                if child in body:
                    earlier = body[: body.index(child)]
                    if any(self._may_leave(statement, side) for statement in earlier):
                        return False
            child, parent = parent, self.parents.get(parent)
        if (
            not isinstance(child, ast.stmt)
            or not isinstance(parent, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef))
            or child not in parent.body
            or any(self._may_leave(s, side) for s in parent.body[: parent.body.index(child)])
        ):
            return False
        if isinstance(parent, ast.Module):
            return True
        if depth >= MAX_CALL_DEPTH or isinstance(
            self.paths.bindings.scope_of(parent), ast.ClassDef
        ):
            return False
        return any(
            isinstance(call.func, ast.Name)
            and call.func.id == parent.name
            and self.reached(call, side)
            and self.certainly_run(call, side, depth + 1)
            for call in self.calls
        )

    def _enters(self, parent: ast.AST, child: ast.AST, side: int) -> bool:
        """Whether running ``parent`` certainly runs its part ``child`` on ``side``."""
        if isinstance(parent, (ast.If, ast.IfExp)):
            return child is parent.test or self.decided(parent.test, side)
        if isinstance(parent, ast.While):
            return child is parent.test
        if isinstance(parent, (ast.For, ast.AsyncFor)):
            return child is parent.iter
        if isinstance(parent, ast.Try | ast.TryStar):
            return child in parent.finalbody or (child in parent.body and not parent.handlers)
        if isinstance(parent, (ast.With, ast.AsyncWith)):
            return not any(
                isinstance(item.context_expr, ast.Call)
                and (self.names.dotted(item.context_expr.func) or "").endswith("suppress")
                for item in parent.items
            )
        if isinstance(parent, ast.BoolOp):
            index = parent.values.index(child) if child in parent.values else 0
            return all(self.decided(value, side) for value in parent.values[:index])
        return not isinstance(parent, (ast.comprehension, *NESTED, ast.Match, ast.match_case))

    def _may_leave(self, statement: ast.stmt, side: int) -> bool:
        """Whether ``statement`` may end its block early on some run of ``side`` without failing
        (a ``return``, an exit call, or a ``break``/``continue`` of an enclosing loop, under a
        test the projection does not decide or in a loop or ``try``). A ``raise`` is a failure
        itself, like any crash before the call."""
        for node in _own_walk(statement):
            leaves = isinstance(node, (ast.Return, ast.Break, ast.Continue)) or (
                isinstance(node, ast.Call) and self.names.dotted(node.func) in EXIT_FUNCTIONS
            )
            if leaves and self._uncertain_exit(node, statement, side):
                return True
        return False

    def _uncertain_exit(self, exit_node: ast.AST, statement: ast.stmt, side: int) -> bool:
        loop_exit = isinstance(exit_node, (ast.Break, ast.Continue))
        child, parent = exit_node, self.parents.get(exit_node)
        while child is not statement and parent is not None:
            if isinstance(parent, NESTED):
                return False
            if loop_exit and isinstance(parent, (ast.For, ast.AsyncFor, ast.While)):
                return False
            if isinstance(parent, (ast.If, ast.IfExp, ast.While)) and child is not parent.test:
                if not self.decided(parent.test, side):
                    return True
            elif isinstance(parent, (ast.For, ast.AsyncFor, ast.Try, ast.TryStar, ast.BoolOp)):
                return True
            child, parent = parent, self.parents.get(parent)
        return False

    def _may_race(self, call: ast.Call) -> bool:
        """Whether both sides run ``call`` certainly but for tests of the path's existence
        before it and removals elsewhere in the module (a race, not a certain failure)."""
        self.race_tests_taken = True
        try:
            return all(self.certainly_run(call, side) for side in (0, 1))
        finally:
            self.race_tests_taken = False

    def _removes(self, call: ast.Call) -> bool:
        if self.names.dotted(call.func) in REMOVING_FUNCTIONS:
            return True
        return isinstance(call.func, ast.Attribute) and call.func.attr in REMOVING_METHODS

    def _differs(self, path: ast.expr) -> bool:
        """Whether the projections' values of ``path`` are different known strings."""
        values = [projection.value(node_key(path)) for projection in self.sides.projections]
        known = [getattr(value, "value", None) for value in values]
        return None not in known and known[0] != known[1]


def _own_walk(statement: ast.stmt) -> list[ast.AST]:
    """The nodes of ``statement`` outside the functions, classes and lambdas it defines."""
    if isinstance(statement, NESTED):
        return []
    found: list[ast.AST] = []
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        found.append(node)
        pending.extend(
            child for child in ast.iter_child_nodes(node) if not isinstance(child, NESTED)
        )
    return found


def _callee_name(call: ast.Call) -> str | None:
    """The called function's or method's own name (``f`` of ``f(x)`` and of ``obj.f(x)``)."""
    if isinstance(call.func, ast.Name):
        return call.func.id
    return call.func.attr if isinstance(call.func, ast.Attribute) else None


def _mentions(expression: ast.expr, names: set[str]) -> bool:
    """Whether ``expression`` reads one of ``names`` outside the calls it contains (each call is
    judged on its own)."""
    pending: list[ast.AST] = [expression]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Name) and node.id in names:
            return True
        if not isinstance(node, ast.Call):
            pending.extend(ast.iter_child_nodes(node))
    return False


def _bodies(parent: ast.AST) -> list[list[ast.stmt]]:
    return [
        body
        for field in ("body", "orelse", "finalbody")
        if isinstance(body := getattr(parent, field, None), list)
    ] + [handler.body for handler in getattr(parent, "handlers", [])]
