"""Statement rules: assignment, control flow, exceptions, definitions and imports."""

from __future__ import annotations

import ast
import contextlib
from collections.abc import Callable

from ..domains.base import TOP, AbstractValue
from ..domains.classes import BUILTIN_EXCEPTIONS, BuiltinTypeValue, ClassValue, ExceptionValue
from ..domains.functions import FunctionValue, GeneratorValue, MethodWrapperValue
from ..domains.modules import UnknownModuleValue
from ..domains.none import NONE
from ..domains.references import Ref
from ..domains.sequences import ListValue, RangeValue, TupleValue
from ..domains.strings import StrValue
from .budget import BudgetExceeded
from .context_managers import propagates_exceptions
from .flow import Flow
from .imports import ProjectModule
from .machine import MAX_UNROLLED_WORK, UNROLL_STATEMENT_BUDGET, Frame, MachineCore, Raised
from .natives import annotation_refiners, module_model
from .project_values import active_importer
from .scopes import FUNCTION_NODES
from .state import State, join_states, state_leq

MAX_FIXPOINT_ITERATIONS = 12
WIDEN_AFTER = 2


class StatementRules(MachineCore):
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
            if self.footprints:
                self.footprints[-1].note_position(statement)
            self.note_internal_error(
                f"{type(error).__name__}: {error} at {statement.lineno}:{statement.col_offset}"
            )
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
        """Forget what ``node`` may have done: names it binds become ⊤, values it reads escape."""
        if self.state is None:
            return
        loaded: list[AbstractValue] = []
        for child in _walk_same_scope(node):
            if isinstance(child, ast.Name):
                try:
                    if isinstance(child.ctx, ast.Load):
                        loaded.append(self.read_name_quietly(child.id, child))
                    else:
                        self.write_name(child.id, TOP)
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
        if self.footprints:
            self.footprints[-1].note_position(annotation)
        for refiner in annotation_refiners():
            refined = refiner(value, annotation, self.context(node))
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

    # ------------------------------------------------------------------------------ loops

    def stmt_While(self, node: ast.While) -> Flow:
        return self._loop_with_reporting_pass(node, self._while_loop)

    def stmt_For(self, node: ast.For | ast.AsyncFor) -> Flow:
        return self._loop_with_reporting_pass(node, self._for_loop)

    stmt_AsyncFor = stmt_For

    def _loop_with_reporting_pass(self, node: ast.For | ast.AsyncFor | ast.While, run) -> Flow:  # type: ignore[no-untyped-def]
        """Run a loop without reporting, then its body once more from the join of the stores of
        all iterations, reporting only then: a failure is certain only if it happens for every
        iteration that reaches it, not just for the first one. The extra pass is skipped when
        no iteration had anything to report (the join cannot make a failure certain that was
        not certain for each iteration)."""
        reporting = self.reporter.swallowing == 0
        suppressed_before = self.reporter.suppressed
        self.reporter.swallowing += 1
        self.loop_entries.append(None)
        self.failing_iterations.append(None)
        self.loop_levels.append(self.reporter.swallowing)
        try:
            flow = run(node)
        finally:
            self.reporter.swallowing -= 1
            entries = self.loop_entries.pop()
            failing = self.failing_iterations.pop()
            self.loop_levels.pop()
        if not reporting or self.reporter.suppressed == suppressed_before:
            return flow
        for entry in (failing, entries):
            if entry is None:
                continue
            saved_state, saved_pending = self.state, self.pending_raise
            self.state = entry
            try:
                self.exec_block(node.body)
            finally:
                self.state, self.pending_raise = saved_state, saved_pending
        return flow

    def _note_failing_iteration(
        self, reached: bool, entry: State | None, certain_before: int
    ) -> None:
        """After an unrolled iteration whose body started from ``entry``: ``reached`` says that no
        earlier iteration could leave the loop by ``break`` or ``return`` nor change the list (or
        other heap object) iterated, so every execution reaching the loop reaches this iteration. If the body made a certain report (held back by
        the loop), its failures are certain there: the first such iteration is kept for the
        reporting pass, which runs it once more, reporting (the unrolled loop is straight-line
        code, and the failure is certain at that point of it). Not checked for the joined
        iterations of a fixpoint, where the iteration is not known."""
        if (
            reached
            and entry is not None
            and self.certain_in_loop > certain_before
            and self.failing_iterations
            and self.failing_iterations[-1] is None
        ):
            self.failing_iterations[-1] = entry

    def _note_loop_entry(self) -> None:
        """Remember the store at the start of a loop body (for the reporting pass)."""
        if self.state is not None:
            self.loop_entries[-1] = join_states(self.loop_entries[-1], self.state.copy())

    def _while_loop(self, node: ast.While) -> Flow:
        flow = Flow(None)
        exits: State | None = None
        iterations = 0
        limit = self.settings.max_loop_unroll
        while (
            self.state is not None and iterations < limit and self.loop_work() < MAX_UNROLLED_WORK
        ):
            truth, true_state, false_state = self.branch(node.test)
            if truth is None:
                self.state = join_states(true_state, false_state)
                break
            if truth is False:
                exits = false_state
                self.state = None
                break
            self.state = true_state
            self._note_loop_entry()
            entry = self.state.copy() if self.state is not None else None
            reached, certain_before = (
                flow.broken is None and flow.returned is None,
                self.certain_in_loop,
            )
            body = self.exec_block(node.body)
            self._collect_loop_exits(flow, body)
            self.state = join_states(body.normal, body.continued)
            self._note_failing_iteration(reached, entry, certain_before)
            iterations += 1
        if self.state is not None:
            exits = join_states(
                exits, self._fixpoint(node, flow, lambda: self._while_iteration(node, flow))
            )
        return self._finish_loop(node, flow, exits)

    def _while_iteration(self, node: ast.While, flow: Flow) -> tuple[State | None, State | None]:
        _, true_state, false_state = self.branch(node.test)
        if true_state is None:
            return None, false_state
        self.state = true_state
        self._note_loop_entry()
        body = self.exec_block(node.body)
        self._collect_loop_exits(flow, body)
        return join_states(body.normal, body.continued), false_state

    def _fixpoint(self, node: ast.AST, flow: Flow, iteration) -> State | None:  # type: ignore[no-untyped-def]
        """Iterate a loop body from ``self.state`` to a fixpoint (with widening); the exit store."""
        head = self.state
        exits: State | None = None
        self.fixpoint_depth += 1
        try:
            for count in range(MAX_FIXPOINT_ITERATIONS):
                assert head is not None
                self.state = head.copy()
                back, leaving = iteration()
                exits = join_states(exits, leaving)
                if back is None or state_leq(back, head):
                    break
                head = join_states(head, back, widen=count >= WIDEN_AFTER)
            else:
                self.state = head
                self.havoc(node)
                head = self.state
                assert head is not None
                self.state = head.copy()
                back, leaving = iteration()
                exits = join_states(join_states(exits, leaving), head)
        finally:
            self.fixpoint_depth -= 1
        return exits

    def exhaust_iterator(self, iterable: ast.expr) -> None:
        """After a loop that ran to completion over an iterator held in a name, it is exhausted."""
        if not isinstance(iterable, ast.Name):
            return
        value = self.read_name_quietly(iterable.id, iterable)
        if isinstance(value, Ref) and isinstance(self.deref(value), GeneratorValue):
            self.update(
                value,
                lambda o: GeneratorValue(o.summary(), ()) if isinstance(o, GeneratorValue) else o,
            )

    def _collect_loop_exits(self, flow: Flow, body: Flow) -> None:
        flow.broken = join_states(flow.broken, body.broken)
        if body.returned is not None:
            assert body.return_value is not None
            flow.add_return(body.returned, body.return_value)
        flow.raised = join_states(flow.raised, body.raised)

    def _finish_loop(
        self, node: ast.For | ast.While | ast.AsyncFor, flow: Flow, exits: State | None
    ) -> Flow:
        self.state = exits
        if exits is not None and isinstance(node, ast.For) and flow.broken is None:
            self.exhaust_iterator(node.iter)
            exits = self.state
        if exits is not None and node.orelse:
            orelse = self.exec_block(node.orelse)
            flow.absorb_abrupt(orelse)
            exits = orelse.normal
        flow.normal = join_states(exits, flow.broken)
        flow.broken = None
        flow.continued = None
        self.state = flow.normal
        return flow

    def _for_loop(self, node: ast.For | ast.AsyncFor) -> Flow:
        iterable = self.eval(node.iter)
        if isinstance(node, ast.AsyncFor):
            items, element = None, TOP
        else:
            items, element = self.iteration(iterable, node.iter, consume=False, repeat_alike=False)
        flow = Flow(None)
        if (
            items is not None
            and len(items) <= self.settings.max_loop_unroll
            and self.loop_work() * max(len(items), 1) <= MAX_UNROLLED_WORK
        ):
            saved_work = self.unrolled_work
            self.unrolled_work *= max(len(items), 1)
            start = self.statements_executed
            iterated = self.deref(iterable) if isinstance(iterable, Ref) else None
            unchanged = True
            try:
                for index, item in enumerate(items):
                    if self.state is None:
                        break
                    if self.statements_executed - start > UNROLL_STATEMENT_BUDGET:
                        items = items[index:]
                        break
                    self.assign(node.target, item, node.iter)
                    self._note_loop_entry()
                    entry = self.state.copy() if self.state is not None else None
                    reached = unchanged and flow.broken is None and flow.returned is None
                    certain_before = self.certain_in_loop
                    body = self.exec_block(node.body)
                    self._collect_loop_exits(flow, body)
                    self.state = join_states(body.normal, body.continued)
                    self._note_failing_iteration(reached, entry, certain_before)
                    if iterated is not None and self.state is not None:
                        unchanged = unchanged and self.deref(iterable) == iterated
                else:
                    return self._finish_loop(node, flow, self.state)
            finally:
                self.unrolled_work = saved_work
            if self.state is None:
                return self._finish_loop(node, flow, None)
        if items is not None:
            element = items[0] if items else element
            for item in items[1:]:
                element = element.join(item)
            if not items:
                return self._finish_loop(node, flow, self.state)

        def iteration() -> tuple[State | None, State | None]:
            leaving = self.live.copy()
            try:
                self.assign(node.target, element, node.iter)
            except Raised:
                return None, leaving
            self._refine_range_bound(node, iterable)
            if self.state is None:
                return None, leaving
            self._note_loop_entry()
            body = self.exec_block(node.body)
            self._collect_loop_exits(flow, body)
            return join_states(body.normal, body.continued), leaving

        exits = self._fixpoint(node, flow, iteration)
        return self._finish_loop(node, flow, exits)

    def _refine_range_bound(self, node: ast.For | ast.AsyncFor, iterable: AbstractValue) -> None:
        """In the body of ``for k in range(n)`` (or ``range(a, n)``, a positive constant step) the
        loop ran at least once: ``n > 0`` (``n > a``) there. Only for local variables ``n`` (and
        ``a``, a local or a constant) of a function that the loop never rebinds (nor a closure:
        they are not cells), so that they still hold the values ``range`` was given."""
        call = node.iter
        if (
            not isinstance(self.deref(iterable), RangeValue)
            or not isinstance(call, ast.Call)
            or call.keywords
            or not 1 <= len(call.args) <= 3
        ):
            return
        if len(call.args) == 3:
            step = call.args[2]
            if not (isinstance(step, ast.Constant) and type(step.value) is int and step.value > 0):
                return
        stop = call.args[0] if len(call.args) == 1 else call.args[1]
        start = ast.Constant(0) if len(call.args) == 1 else call.args[0]
        names = [item.id for item in (stop, start) if isinstance(item, ast.Name)]
        if (
            not isinstance(stop, ast.Name)
            or not isinstance(start, (ast.Name, ast.Constant))
            or self.scope.kind != "function"
            or any(name not in self.scope.locals() or name in self.scope.cells for name in names)
        ):
            return
        rebound = {
            item.id
            for part in (node.target, *node.body)
            for item in ast.walk(part)
            if isinstance(item, ast.Name) and isinstance(item.ctx, (ast.Store, ast.Del))
        }
        if rebound.isdisjoint(names):
            self._refine_compare(stop, ast.Gt(), start, True)

    # ------------------------------------------------------------------------- exceptions

    def stmt_Try(self, node: ast.Try) -> Flow:
        self.tracking += 1
        if node.handlers:
            self.reporter.swallowing += 1
        try:
            body = self.exec_block(node.body)
        finally:
            self.tracking -= 1
            if node.handlers:
                self.reporter.swallowing -= 1
        flow = Flow(None)
        for kind in ("returned", "broken", "continued"):
            setattr(flow, kind, getattr(body, kind))
        flow.return_value = body.return_value
        flow.raised = body.raised
        normal: State | None = None
        entry = body.raised
        if node.finalbody:
            self.tracking += 1
        try:
            for handler in node.handlers:
                if entry is None:
                    break
                self.state = entry.copy()
                result = self._exec_handler(handler)
                normal = join_states(normal, result.normal)
                flow.absorb_abrupt(result)
            self.state = body.normal
            if body.normal is not None:
                orelse = self.exec_block(node.orelse)
                normal = join_states(normal, orelse.normal)
                flow.absorb_abrupt(orelse)
        finally:
            if node.finalbody:
                self.tracking -= 1
        flow.normal = normal
        if node.finalbody:
            flow = self._exec_finally(node.finalbody, flow)
        if not self.tracking:
            flow.raised = None
        self.state = flow.normal
        return flow

    stmt_TryStar = stmt_Try

    def _exec_handler(self, handler: ast.ExceptHandler) -> Flow:
        caught: AbstractValue = TOP
        if handler.type is not None:
            try:
                kinds = self.eval(handler.type)
            except Raised:
                return Flow(None)
            caught = _caught_value(kinds)
        if handler.name is not None:
            self.write_name(handler.name, caught)
            self.record_name_binding(handler, handler.name, caught)
        flow = self.exec_block(handler.body)
        if handler.name is not None and flow.normal is not None:
            self.state = flow.normal
            self.bind_unbound(handler.name)
            flow.normal = self.state
        return flow

    def record_name_binding(self, node: ast.AST, name: str, value: AbstractValue) -> None:
        """Hover for names bound by statements without a Name node (handlers, imports)."""

    def _exec_finally(self, statements: list[ast.stmt], flow: Flow) -> Flow:
        result = Flow(None)
        if flow.normal is not None:
            self.state = flow.normal
            normal = self.exec_block(statements)
            result.normal = normal.normal
            result.absorb_abrupt(normal)
        abrupt = join_states(
            join_states(flow.returned, flow.broken), join_states(flow.continued, flow.raised)
        )
        if abrupt is not None:
            self.state = abrupt.copy()
            after = self.exec_block(statements)
            result.absorb_abrupt(after)
            if after.normal is not None:
                if flow.returned is not None:
                    assert flow.return_value is not None
                    result.add_return(after.normal, flow.return_value)
                if flow.broken is not None:
                    result.broken = join_states(result.broken, after.normal)
                if flow.continued is not None:
                    result.continued = join_states(result.continued, after.normal)
                if flow.raised is not None:
                    result.raised = join_states(result.raised, after.normal)
        return result

    def stmt_With(self, node: ast.With | ast.AsyncWith) -> Flow:
        exits: list[tuple[AbstractValue, ast.expr]] = []
        swallowing = False
        for item in node.items:
            manager = self.eval(item.context_expr)
            entered, exit_method = self.enter_context(manager, item.context_expr)
            if not propagates_exceptions(item.context_expr, exit_method):
                swallowing = True
            exits.append((exit_method, item.context_expr))
            if item.optional_vars is not None:
                self.assign(item.optional_vars, entered, item.context_expr)
        user_exits = any(exit_method is not TOP for exit_method, _ in exits)
        tracked = swallowing or user_exits
        if tracked:
            self.tracking += 1
        if swallowing:
            self.reporter.swallowing += 1
        try:
            body = self.exec_block(node.body)
        finally:
            if tracked:
                self.tracking -= 1
            if swallowing:
                self.reporter.swallowing -= 1
        flow = Flow(None)
        normal, _ = self._run_exits(body.normal, exits, NONE)
        if body.returned is not None:
            returned, _ = self._run_exits(body.returned, exits, NONE)
            if returned is not None:
                assert body.return_value is not None
                flow.add_return(returned, body.return_value)
        flow.broken, _ = self._run_exits(body.broken, exits, NONE)
        flow.continued, _ = self._run_exits(body.continued, exits, NONE)
        after_raise, swallowed = self._run_exits(body.raised, exits, TOP)
        if swallowed is not False and (swallowing or user_exits):
            normal = join_states(normal, after_raise)
        if swallowed is not True and self.tracking:
            flow.raised = after_raise
        flow.normal = normal
        self.state = normal
        return flow

    def _run_exits(
        self,
        state: State | None,
        exits: list[tuple[AbstractValue, ast.expr]],
        argument: AbstractValue,
    ) -> tuple[State | None, bool | None]:
        """Run the user ``__exit__`` methods from ``state``: the store after, and their truth."""
        if state is None:
            return None, False
        self.state = state.copy()
        truth: bool | None = False
        for exit_method, context_node in reversed(exits):
            if exit_method is TOP:
                truth = None
                continue
            result = self.call_exit(exit_method, context_node, argument)
            if self.state is None:
                return None, False
            answer = self.truth(result, context_node)
            truth = answer if truth is False else (truth if answer is False else None)
        return self.state, truth

    stmt_AsyncWith = stmt_With

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

    # ------------------------------------------------------------------------ definitions

    def stmt_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> Flow:
        decorators = [self.eval(d) for d in node.decorator_list]
        function = self.make_function(node)
        value: AbstractValue = function
        for decorator, decorator_node in zip(
            reversed(decorators), reversed(node.decorator_list), strict=True
        ):
            value = self.apply_decorator(decorator, value, decorator_node)
        self.write_name(node.name, value)
        return Flow(self.state)

    stmt_AsyncFunctionDef = stmt_FunctionDef

    def make_function(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    ) -> FunctionValue:
        arguments = node.args
        defaults = tuple(self.eval(d) for d in arguments.defaults)
        kw_defaults = tuple(
            (a.arg, self.eval(d))
            for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
            if d is not None
        )
        if not isinstance(node, ast.Lambda) and not self.scopes.annotations_postponed:
            for argument in _annotated_arguments(arguments):
                self.eval_annotation(argument.annotation)  # type: ignore[arg-type]
            if node.returns is not None:
                self.eval_annotation(node.returns)
        scope = self.scopes.scope_of(node)
        closure = tuple(
            (name, self.frame.cells[name])
            for name in sorted(scope.free)
            if name in self.frame.cells
        )
        name = "<lambda>" if isinstance(node, ast.Lambda) else node.name
        qualname = self.qualname_prefix() + name
        function = FunctionValue(node, name, qualname, defaults, kw_defaults, closure)
        self.note_function_seen(function)
        return function

    def qualname_prefix(self) -> str:
        parts: list[str] = []
        scope = self.scope
        while scope.parent is not None:
            node = scope.node
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                parts.append(node.name + ".<locals>")
            elif isinstance(node, ast.ClassDef):
                parts.append(node.name)
            scope = scope.parent
        return "".join(part + "." for part in reversed(parts))

    def eval_annotation(self, node: ast.expr) -> None:
        """Evaluate a parameter or return annotation at ``def`` time without reporting: a certain
        failure there still makes the ``def`` raise (``Raised`` propagates, the rest of the
        block is unreachable), so nothing after it is reported as if it were reached."""
        saved = self.reporter.swallowing
        self.reporter.swallowing += 1
        try:
            self.eval(node)
        finally:
            self.reporter.swallowing = saved

    def stmt_ClassDef(self, node: ast.ClassDef) -> Flow:
        decorators = [self.eval(d) for d in node.decorator_list]
        bases = tuple(self.eval(b) for b in node.bases)
        keywords = {k.arg: self.eval(k.value) for k in node.keywords}
        if "metaclass" in keywords or any(k is None for k in keywords):
            bases = (*bases, TOP)
        scope = self.scopes.scope_of(node)
        saved_frame, saved_scope, outer = self.frame, self.scope, self.live
        class_frame = Frame(scope, dict(saved_frame.cells))
        namespace: dict[object, AbstractValue] = {
            "__module__": StrValue(None),
            "__qualname__": StrValue(self.qualname_prefix() + node.name),
        }
        self.state = outer.with_frame(namespace)
        self.frame, self.scope = class_frame, scope
        try:
            body = self.exec_block(node.body)
        finally:
            self.frame, self.scope = saved_frame, saved_scope
        inner = body.normal
        if inner is None:
            self.state = None
            raise Raised
        self.state = inner.with_frame(outer.locals)
        attributes = tuple(
            (name, _implicit_wrapper(name, value))
            for name, value in (inner.locals or {}).items()
            if isinstance(name, str)
        )
        cls = ClassValue(node.name, node, bases, attributes)
        ref = self.allocate(node, cls)
        address = ref.single
        assert address is not None
        owned = tuple((name, _with_owner(value, address)) for name, value in attributes)
        self.store_object(address, ClassValue(node.name, node, bases, owned))
        self.init_subclass(
            ref, {k: v for k, v in keywords.items() if k is not None and k != "metaclass"}, node
        )
        value: AbstractValue = ref
        for decorator, decorator_node in zip(
            reversed(decorators), reversed(node.decorator_list), strict=True
        ):
            value = self.apply_class_decorator(decorator, value, decorator_node)
        self.write_name(node.name, value)
        return Flow(self.state)

    # ---------------------------------------------------------------------------- imports

    def stmt_Import(self, node: ast.Import) -> Flow:
        for alias in node.names:
            if alias.asname is not None:
                value = self.import_module(alias.name)
                self.write_name(alias.asname, value)
                self.record_name_binding(alias, alias.asname, value)
            else:
                top = alias.name.split(".")[0]
                value = self.import_module(top)
                if isinstance(value, ProjectModule) and top != alias.name:
                    self.import_module(alias.name)
                self.write_name(top, value)
                self.record_name_binding(alias, top, value)
        return Flow(self.state)

    def import_module(self, name: str, level: int = 0) -> AbstractValue:
        """The module ``import name`` binds: a project module (``imports``), else a library
        model, else ⊤ (a relative import of nothing in the project is ⊤)."""
        importer = active_importer()
        if importer is not None:
            project = importer.load(name, level)
            if project is not None:
                return project
        if level:
            return TOP
        model = module_model(name)
        return model if model is not None else UnknownModuleValue(name)

    def stmt_ImportFrom(self, node: ast.ImportFrom) -> Flow:
        module_name = node.module or ""
        module = self.import_module(module_name, node.level)
        for alias in node.names:
            if alias.name == "*":
                continue
            if isinstance(module, ProjectModule) or (node.level and module is TOP):
                value = self.project_member(module, module_name, node.level, alias.name)
            elif module_name == "builtins":
                value = self.builtin_value(alias.name) or TOP
            else:
                submodule = module_model(f"{module_name}.{alias.name}")
                if submodule is not None:
                    value = submodule
                else:
                    try:
                        value = self.get_attribute(module, alias.name, node)
                    except Raised:
                        value = TOP
            bound = alias.asname or alias.name
            self.write_name(bound, value)
            self.record_name_binding(alias, bound, value)
        return Flow(self.state)

    def project_member(
        self, module: AbstractValue, module_name: str, level: int, name: str
    ) -> AbstractValue:
        """``from module import name`` of a project module or a relative import: the module's
        export, else its submodule ``name`` (``from . import layers``), else ⊤."""
        if isinstance(module, ProjectModule):
            value = module.member(name)
            if value is not None:
                return value
        importer = active_importer()
        if importer is None or (not isinstance(module, ProjectModule) and not level):
            return TOP
        submodule = importer.load(f"{module_name}.{name}" if module_name else name, level)
        return submodule if submodule is not None else TOP


_STATEMENT_HANDLERS: dict[type, Callable[[StatementRules, ast.stmt], Flow]] = {}
"""Per statement type, the rule that executes it (filled on first use)."""


def _unknown_statement(machine: StatementRules, statement: ast.stmt) -> Flow:
    return Flow(machine.state)


IMPLICIT_CLASS_METHODS = {
    "__init_subclass__": "classmethod",
    "__class_getitem__": "classmethod",
    "__new__": "staticmethod",
}


def _implicit_wrapper(name: str, value: AbstractValue) -> AbstractValue:
    """Plain functions named ``__init_subclass__``/``__class_getitem__`` are class methods and
    ``__new__`` a static method, as CPython makes them."""
    kind = IMPLICIT_CLASS_METHODS.get(name)
    if kind is not None and isinstance(value, FunctionValue):
        return MethodWrapperValue(kind, value)
    return value


def _with_owner(value: AbstractValue, owner: tuple[int, int]) -> AbstractValue:
    if isinstance(value, FunctionValue):
        return value.with_owner(owner)
    if isinstance(value, MethodWrapperValue) and isinstance(value.function, FunctionValue):
        return MethodWrapperValue(value.kind, value.function.with_owner(owner))
    return value


def _caught_value(kinds: AbstractValue) -> AbstractValue:
    options = kinds.items if isinstance(kinds, TupleValue) and kinds.items is not None else (kinds,)
    result: AbstractValue | None = None
    for option in options:
        if isinstance(option, BuiltinTypeValue) and option.pytype in BUILTIN_EXCEPTIONS.values():
            value: AbstractValue = ExceptionValue(option.pytype)
        else:
            value = TOP
        result = value if result is None else result.join(value)
    return result if result is not None else TOP


def _walk_same_scope(node: ast.AST):  # type: ignore[no-untyped-def]
    """The nodes of ``node`` excluding bodies of nested functions, lambdas and classes."""
    work = [node]
    while work:
        current = work.pop()
        yield current
        for child in ast.iter_child_nodes(current):
            if isinstance(child, (*FUNCTION_NODES, ast.ClassDef)) and child is not node:
                continue
            work.append(child)


def _annotated_arguments(arguments: ast.arguments) -> list[ast.arg]:
    """Every parameter with an annotation, in the order CPython evaluates them."""
    every = [*arguments.posonlyargs, *arguments.args]
    if arguments.vararg is not None:
        every.append(arguments.vararg)
    every.extend(arguments.kwonlyargs)
    if arguments.kwarg is not None:
        every.append(arguments.kwarg)
    return [argument for argument in every if argument.annotation is not None]
