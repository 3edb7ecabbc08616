"""Statement rules: blocks, simple statements, assignment, ``if`` and ``match``.

``StatementRules`` composes the rules of the other statements: loops (``loops``), ``try`` and
``with`` (``exception_flow``), ``def`` and ``class`` (``definitions``) and imports
(``import_rules``). ``exec_statement`` dispatches a statement to its ``stmt_<Type>`` rule; every
rule leaves the normal continuation in ``self.state`` and returns the statement's ``Flow``; a
statement whose analysis fails internally has ⊤ effects (``havoc_flow``).
"""

from __future__ import annotations

import ast
import contextlib
from collections.abc import Callable

from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...domains.sequences import ListValue
from ..budget import BudgetExceeded
from ..core.flow import Flow
from ..core.machine import Raised
from ..core.scopes import FUNCTION_NODES
from ..core.state import State, join_states
from ..modules.import_rules import ImportRules
from ..natives import annotation_refiners
from .definitions import DefinitionRules
from .exception_flow import ExceptionFlowRules
from .loops import LoopRules


class StatementRules(LoopRules, ExceptionFlowRules, DefinitionRules, ImportRules):
    """Executes statements; every rule leaves the normal continuation in ``self.state``."""

    # ---------------------------------------------------------------------------- blocks

    def exec_block(self, statements: list[ast.stmt]) -> Flow:
        flow = Flow(None)
        for statement in statements:
            if self.state is None:
                break
            if self.tracking:
                flow.raised = join_states(flow.raised, self.state.copy())
            result = self.exec_statement(statement)
            flow.absorb_abrupt(result)
            self.state = result.normal
        flow.normal = self.state
        if self.tracking and self.state is not None:
            flow.raised = join_states(flow.raised, self.state.copy())
        return flow

    def exec_statement(self, statement: ast.stmt) -> Flow:
        """Run one statement; certain failures end it; internal errors make its effects ⊤."""
        self.budget.check()
        self.statements_executed += 1
        saved_pending = self.pending_raise
        self.pending_raise = None
        before = self.state
        handler = _STATEMENT_HANDLERS.get(type(statement))
        if handler is None:
            handler = getattr(type(self), "stmt_" + type(statement).__name__, _unknown_statement)
            _STATEMENT_HANDLERS[type(statement)] = handler
        try:
            flow = handler(self, statement)
        except Raised:
            flow = Flow(None)
        except BudgetExceeded:
            raise
        except Exception as error:
            self.note_internal_error(statement, error)
            if self.state is None:
                self.state = before
            flow = self.havoc_flow(statement)
        if self.pending_raise is not None:
            flow.raised = join_states(flow.raised, self.pending_raise)
        self.pending_raise = saved_pending
        return flow

    def havoc_flow(self, statement: ast.stmt) -> Flow:
        """The completions of a statement whose analysis failed: any way out, with ⊤ effects."""
        self.havoc(statement)
        state = self.state
        flow = Flow(
            None
            if isinstance(statement, (ast.Return, ast.Raise, ast.Break, ast.Continue))
            else state
        )
        if state is None:
            return flow
        kinds = {type(node) for node in _walk_same_scope(statement)}
        if ast.Return in kinds and self.frame.function is not None:
            flow.add_return(state.copy(), TOP)
        if ast.Break in kinds:
            flow.broken = state.copy()
        if ast.Continue in kinds:
            flow.continued = state.copy()
        if self.tracking:
            flow.raised = state.copy()
        return flow

    def havoc(self, node: ast.AST) -> None:
        """Forget what ``node`` may have done: names it binds (assignment targets, imports,
        ``def``/``class`` names, ``except ... as`` and pattern captures) become ⊤, values it reads
        escape."""
        if self.state is None:
            return
        loaded: list[AbstractValue] = []
        for child in _walk_same_scope(node):
            if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Load):
                loaded.append(self.read_name_quietly(child.id, child))
                continue
            for name in _names_bound_by(child):
                try:
                    self.write_name(name, TOP)
                except Exception:
                    continue
        self.escape(loaded)

    def read_name_quietly(self, name: str, node: ast.AST) -> AbstractValue:
        saved = self.reporter.swallowing
        self.reporter.swallowing += 1
        try:
            return self.read_name(name, node)
        except Raised:
            return TOP
        finally:
            self.reporter.swallowing = saved

    # ------------------------------------------------------------------------- simple ones

    def stmt_Expr(self, node: ast.Expr) -> Flow:
        self.eval(node.value)
        return Flow(self.state)

    def stmt_Pass(self, node: ast.Pass) -> Flow:
        return Flow(self.state)

    def stmt_Global(self, node: ast.Global) -> Flow:
        return Flow(self.state)

    stmt_Nonlocal = stmt_Global

    def stmt_Assign(self, node: ast.Assign) -> Flow:
        value = self.eval(node.value)
        for target in node.targets:
            self.assign(target, value, node.value)
        return Flow(self.state)

    def stmt_AnnAssign(self, node: ast.AnnAssign) -> Flow:
        if node.value is None:
            if self.scope.kind == "class":
                self.eval(node.annotation)
            return Flow(self.state)
        value = self.eval(node.value)
        value = self.refine_by_annotation(value, node.annotation, node)
        self.assign(node.target, value, node.value)
        return Flow(self.state)

    def refine_by_annotation(
        self, value: AbstractValue, annotation: ast.expr, node: ast.AST
    ) -> AbstractValue:
        """``value`` narrowed by what ``annotation`` promises (shape hints, see ``natives``).

        An internal error in a refiner skips that annotation alone: ``value`` is kept unrefined
        (the annotation promises nothing then) and the error is recorded at the annotation.
        """
        if self.footprints:
            self.footprints[-1].note_position(annotation)
        for refiner in annotation_refiners():
            try:
                refined = refiner(value, annotation, self.context(node))
            except (Raised, BudgetExceeded):
                raise
            except Exception as error:
                self.note_internal_error(annotation, error)
                return value
            if refined is not None:
                return refined
        return value

    def stmt_AugAssign(self, node: ast.AugAssign) -> Flow:
        op = type(node.op).__name__
        target = node.target
        if isinstance(target, ast.Name):
            old = self.read_name(target.id, target)
            value = self.eval(node.value)
            result = self.inplace_op(op, old, value, node)
            self.record(target, result)
            self.write_name(target.id, result)
            # `W1: (20, 64) -= ...` reads like an annotation: an in-place update gets an inlay
            # hint only when it changes what the hint shows.
            if result.inlay_label() != old.inlay_label():
                self.note_assignment_target(target)
        elif isinstance(target, ast.Attribute):
            obj = self.eval(target.value)
            old = self.get_attribute(obj, target.attr, target)
            value = self.eval(node.value)
            result = self.inplace_op(op, old, value, node)
            self.set_attribute(obj, target.attr, result, target)
        elif isinstance(target, ast.Subscript):
            obj = self.eval(target.value)
            index = self.eval(target.slice)
            old = self.get_item(obj, index, target)
            value = self.eval(node.value)
            result = self.inplace_op(op, old, value, node)
            self.set_item(obj, index, result, target)
        return Flow(self.state)

    def stmt_Delete(self, node: ast.Delete) -> Flow:
        for target in node.targets:
            if isinstance(target, ast.Name):
                self.delete_name(target.id, target)
            elif isinstance(target, ast.Subscript):
                obj = self.eval(target.value)
                index = self.eval(target.slice)
                self.delete_item(obj, index, target)
            elif isinstance(target, ast.Attribute):
                obj = self.eval(target.value)
                self.delete_attribute(obj, target.attr, target)
            else:
                self.havoc(target)
        return Flow(self.state)

    def stmt_Return(self, node: ast.Return) -> Flow:
        value = self.eval(node.value) if node.value is not None else NONE
        flow = Flow(None)
        flow.add_return(self.live, value)
        return flow

    def stmt_Break(self, node: ast.Break) -> Flow:
        flow = Flow(None)
        flow.broken = self.state
        return flow

    def stmt_Continue(self, node: ast.Continue) -> Flow:
        flow = Flow(None)
        flow.continued = self.state
        return flow

    def stmt_Raise(self, node: ast.Raise) -> Flow:
        if node.exc is not None:
            self.eval(node.exc)
        if node.cause is not None:
            self.eval(node.cause)
        self.raise_here()
        return Flow(None)

    def stmt_Assert(self, node: ast.Assert) -> Flow:
        _, true_state, false_state = self.branch(node.test)
        self.unknown_guards += true_state is not None and false_state is not None
        if false_state is not None:
            self.state = false_state
            if node.msg is not None:
                with contextlib.suppress(Raised):
                    self.eval(node.msg)
            self.note_possible_raise()
        self.state = true_state
        return Flow(true_state)

    # ------------------------------------------------------------------------- assignment

    def assign(self, target: ast.expr, value: AbstractValue, source: ast.AST) -> None:
        """Bind ``value`` to an assignment target (names, attributes, subscripts, unpacking)."""
        if isinstance(target, ast.Name):
            self.write_name(target.id, value)
            self.record(target, value)
            self.note_assignment_target(target)
        elif isinstance(target, ast.Attribute):
            obj = self.eval(target.value)
            self.set_attribute(obj, target.attr, value, target)
            self.record(target, value)
        elif isinstance(target, ast.Subscript):
            obj = self.eval(target.value)
            index = self.eval(target.slice)
            self.set_item(obj, index, value, target)
        elif isinstance(target, (ast.Tuple, ast.List)):
            self.unpack(target, value, source)
        elif isinstance(target, ast.Starred):
            self.assign(target.value, value, source)
        else:
            self.havoc(target)

    def unpack(self, target: ast.Tuple | ast.List, value: AbstractValue, source: ast.AST) -> None:
        elements = target.elts
        star = next((i for i, e in enumerate(elements) if isinstance(e, ast.Starred)), None)
        items, element = self.iteration(value, source)
        if items is not None:
            if star is None and len(items) != len(elements):
                if len(items) > len(elements):
                    message = f"too many values to unpack (expected {len(elements)})"
                else:
                    message = (
                        f"not enough values to unpack (expected {len(elements)}, got {len(items)})"
                    )
                self.fail(target, "value-error", message)
            if star is not None and len(items) < len(elements) - 1:
                self.fail(
                    target,
                    "value-error",
                    f"not enough values to unpack (expected at least {len(elements) - 1}, got {len(items)})",
                )
            if star is None:
                for sub, item in zip(elements, items, strict=True):
                    self.assign(sub, item, source)
                return
            after = len(elements) - star - 1
            for sub, item in zip(elements[:star], items[:star], strict=True):
                self.assign(sub, item, source)
            rest = items[star : len(items) - after]
            self.assign(elements[star], self.allocate(target, ListValue.of(rest)), source)
            for sub, item in zip(elements[star + 1 :], items[len(items) - after :], strict=True):
                self.assign(sub, item, source)
            return
        for index, sub in enumerate(elements):
            if index == star:
                self.assign(sub, self.allocate(target, ListValue.summary(element)), source)
            else:
                self.assign(sub, element, source)

    # ---------------------------------------------------------------------- conditionals

    def stmt_If(self, node: ast.If) -> Flow:
        _, true_state, false_state = self.branch(node.test)
        unknown = true_state is not None and false_state is not None
        self.unknown_guards += unknown
        try:
            self.state = true_state
            first = self.exec_block(node.body) if true_state is not None else Flow(None)
            self.state = false_state
            second = self.exec_block(node.orelse) if false_state is not None else Flow(None)
        finally:
            self.unknown_guards -= unknown
        flow = Flow(join_states(first.normal, second.normal))
        flow.absorb_abrupt(first)
        flow.absorb_abrupt(second)
        self.state = flow.normal
        if unknown and (first.normal is None) != (second.normal is None):
            self.unknown_guards += 1
        return flow

    # ------------------------------------------------------------------------------ match

    def stmt_Match(self, node: ast.Match) -> Flow:
        """``match``: every case may run (patterns are not decided); capture names are ⊤, and
        failures inside a case with a refutable pattern are not reported, since the pattern may
        narrow the subject in ways this analysis does not follow."""
        self.eval(node.subject)
        entry = self.live
        flow = Flow(None)
        normal: State | None = entry.copy()
        for case in node.cases:
            self.state = entry.copy()
            for child in ast.walk(case.pattern):
                if isinstance(child, (ast.MatchAs, ast.MatchStar)) and child.name is not None:
                    self.write_name(child.name, TOP)
                elif isinstance(child, ast.MatchMapping) and child.rest is not None:
                    self.write_name(child.rest, TOP)
                elif isinstance(child, ast.MatchValue):
                    try:
                        self.eval(child.value)
                    except Raised:
                        continue
            refutable = not (isinstance(case.pattern, ast.MatchAs) and case.pattern.pattern is None)
            if refutable:
                self.reporter.swallowing += 1
            try:
                if case.guard is not None:
                    try:
                        _, true_state, _ = self.branch(case.guard)
                    except Raised:
                        continue
                    self.state = true_state
                    if true_state is None:
                        continue
                result = self.exec_block(case.body)
            finally:
                if refutable:
                    self.reporter.swallowing -= 1
            normal = join_states(normal, result.normal)
            flow.absorb_abrupt(result)
        flow.normal = normal
        self.state = normal
        return flow


_STATEMENT_HANDLERS: dict[type, Callable[[StatementRules, ast.stmt], Flow]] = {}
"""Per statement type, the rule that executes it (filled on first use)."""


def _unknown_statement(machine: StatementRules, statement: ast.stmt) -> Flow:
    return Flow(machine.state)


def _walk_same_scope(node: ast.AST):  # type: ignore[no-untyped-def]
    """The nodes of ``node`` in its own scope: nested functions, lambdas and classes are
    yielded (their statement binds their name here), their bodies are not."""
    work = [node]
    while work:
        current = work.pop()
        yield current
        if isinstance(current, (*FUNCTION_NODES, ast.ClassDef)) and current is not node:
            continue
        work.extend(ast.iter_child_nodes(current))


def _names_bound_by(node: ast.AST) -> tuple[str, ...]:
    """The names ``node`` itself binds in its scope (a ``*`` import binds none it can name:
    the scope pass makes its scope dynamic instead)."""
    if isinstance(node, ast.Name):
        return (node.id,) if not isinstance(node.ctx, ast.Load) else ()
    if isinstance(node, ast.alias):
        if node.name == "*":
            return ()
        return (node.asname or node.name.split(".")[0],)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return (node.name,)
    if isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)):
        return (node.name,) if node.name else ()
    if isinstance(node, ast.MatchMapping):
        return (node.rest,) if node.rest else ()
    return ()
