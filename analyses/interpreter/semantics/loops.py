"""Loop rules: ``for`` and ``while``.

A loop whose iterations are known (a test of known truth, an iterable of known length) is unrolled
exactly, within ``max_loop_unroll`` iterations, the ``MAX_UNROLLED_WORK`` nested loops share and
the ``UNROLL_STATEMENT_BUDGET`` of one loop; otherwise (or for the iterations left) the body is run
from the loop head's store to a fixpoint, widening after ``WIDEN_AFTER`` rounds and forgetting what
the loop touches (⊤) after ``MAX_FIXPOINT_ITERATIONS``. Reports are held back while the loop runs
and made in one more pass over the body from the join of the iterations' entry stores (and from the
first unrolled iteration with a certain failure that every execution reaches): a failure is
reported only when it is certain for every iteration reaching it.
"""

from __future__ import annotations

import ast

from ...domains.base import TOP, AbstractValue
from ...domains.functions import GeneratorValue
from ...domains.references import Ref
from ...domains.sequences import RangeValue
from ..core.flow import Flow
from ..core.machine import MAX_UNROLLED_WORK, UNROLL_STATEMENT_BUDGET, MachineCore, Raised
from ..core.state import State, join_states, state_leq

MAX_FIXPOINT_ITERATIONS = 12
WIDEN_AFTER = 2


class LoopRules(MachineCore):
    """Executes ``for``, ``async for`` and ``while`` (blocks and assignment: ``statements``)."""

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
        generator_pass = self.driven_reports.pop(id(node), None)
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
        if generator_pass is not None:
            generator_pass()
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
                self.fixpoints_abandoned += 1
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
        iterable = self.generator_of_iter(self.eval(node.iter), node.iter)  # type: ignore[attr-defined]
        generator = self.unstarted_body(iterable)  # type: ignore[attr-defined]
        if generator is not None and isinstance(node, ast.For):
            if self.followed(generator):  # type: ignore[attr-defined]
                return self.drive_for(node, iterable, generator)  # type: ignore[attr-defined]
            self.give_up(iterable, generator)  # type: ignore[attr-defined]
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
