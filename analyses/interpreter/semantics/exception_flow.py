"""Exception flow: ``try``/``except``/``else``/``finally`` and ``with``.

While a ``try`` body runs, ``tracking`` makes each statement join the stores from which an
exception may leave into its ``Flow.raised``, and failures are not reported when the ``try`` has
handlers (one may catch them). Each handler runs from those stores (its name bound to the exception
when the caught type is a builtin exception, else ⊤, and unbound after it); ``finally`` runs once
from the normal completion and once from the join of the abrupt ones (``return``, ``break``,
``continue``, an exception), each of which resumes after it. ``with`` runs the user ``__exit__``
methods on every way out of its body; the exceptional way out continues normally when an
``__exit__`` may return a true value or the context manager may swallow exceptions.
"""

from __future__ import annotations

import ast

from ...domains.base import TOP, AbstractValue
from ...domains.classes import BUILTIN_EXCEPTIONS, BuiltinTypeValue, ExceptionValue
from ...domains.none import NONE
from ...domains.sequences import TupleValue
from ..core.flow import Flow
from ..core.machine import MachineCore, Raised
from ..core.state import State, join_states
from .context_managers import propagates_exceptions


class ExceptionFlowRules(MachineCore):
    """Executes ``try`` (and ``try``/``except*``), ``with`` and ``async with``."""

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
        flow = self.exec_block(handler.body)
        if handler.name is not None and flow.normal is not None:
            self.state = flow.normal
            self.bind_unbound(handler.name)
            flow.normal = self.state
        return flow

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
