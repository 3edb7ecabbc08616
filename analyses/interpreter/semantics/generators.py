"""Generators: the body of a user generator function runs lazily, interleaved with its consumer.

Calling a generator function binds its arguments (a mismatch is a ``TypeError`` at the call, as
in CPython) and makes a generator object holding the function and those bindings
(``GeneratorValue.body``); its body has not started. How the body runs depends on who consumes
the object:

- **A ``for`` loop drives it** (``for xb, yb in batches(x, y, 32)``, also through
  ``enumerate(...)``, a name holding the object, or an instance whose ``__iter__`` is a generator
  function): the body runs from the ``for``, and each ``yield v`` runs the loop's body with the
  target bound to ``v`` (in the consumer's frame), then the generator resumes with what the
  loop's body left (the yield's value is ``None``). So the two interleave as in CPython: the
  generator's loops are unrolled where they are bounded and joined to a fixpoint where not, and
  the consumer's body runs once per unrolled yield or inside that fixpoint. While the generator
  runs, the consumer's local variables ride along in its frame under tagged keys
  (``CONSUMER``), so that the generator's joins and fixpoints cover them too. ``break``,
  ``return`` and exceptions in the loop's body leave the loop from the yield; an exception raised
  in the generator's body leaves the ``for``; the generator's ``return`` ends the loop normally
  (``else`` runs). ``yield from`` another unstarted generator drives that one the same way, its
  yields being the outer generator's.
- **``next`` runs it to its first yield** (without reporting): the result is the first yielded
  value, ``StopIteration`` (or the default) when the body can end first; the generator is then
  suspended, so its function and arguments escape and what it yields later is ⊤.
- **Anything else materialises it**: the body runs now, without reporting, and its yields are
  collected: the exact items when every yield was reached on every path, in order, outside any
  fixpoint and at most ``MAX_COMPREHENSION_ITEMS``; otherwise their join. A consumer that takes
  everything with no user code between two items (``list``, ``tuple``, ``sorted``, ``sum``,
  unpacking) continues from the store at the body's end. Any other (a comprehension, whose
  element runs between two yields; ``zip`` and ``enumerate`` outside a ``for``, which may take
  part of it; a library call such as Keras ``fit``) continues from the join of the stores at the
  start, at each yield and at the end; the body may resume at any later time, so the function
  and its arguments escape, and the items are kept only when the body can compute nothing else
  later (no closure, no heap object reachable from its arguments, every module variable it reads
  a module, function or class), else ⊤.

Reports: the loop's body is reported from the join of its entries (as every loop,
``loops``); the generator's body once more afterwards, running from the store at the ``for``
with each yield joining the stores the loop's body resumed it with. Once the loop's body may
leave the loop (``break``, ``return``, an exception), nothing after a yield is certain any more
(the generator may not be resumed): its reports are held back from there. A generator whose
``yield`` is inside a ``try`` or ``with`` (``finally`` and ``__exit__`` run when an abandoned
generator is closed), a recursive one, a ``lambda`` one, one called deeper than
``max_call_depth``, ``send``, ``throw`` and ``close`` are not followed: the object escapes and
its items are ⊤ (an ``async`` generator function's call is ⊤). Never done: running a
generator's body from a consumer other than these.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ...domains.base import TOP, AbstractValue, join_all
from ...domains.classes import BuiltinTypeValue, ClassValue, InstanceValue
from ...domains.functions import (
    BoundMethodValue,
    BuiltinFunctionValue,
    FunctionValue,
    GeneratorBody,
    GeneratorValue,
)
from ...domains.modules import UnknownModuleValue
from ...domains.none import NONE
from ...domains.numbers import IntValue
from ...domains.references import Ref
from ...domains.sequences import TupleValue
from ..core.flow import Flow
from ..core.machine import Frame, Raised
from ..core.reachability import reachable_addresses
from ..core.scopes import Scope
from ..core.state import State, join_states
from ..modules.module_code import ProjectModule, global_key_in
from ..natives import NativeFunction, NativeModule
from .calls import CallRules
from .expressions import MAX_COMPREHENSION_ITEMS
from .statements import _walk_same_scope

CONSUMER = "<suspended consumer>"
"""Tag of the keys under which a driving loop's local variables ride in the generator's frame."""
YIELD_INDEX = "<yield index>"
"""Key of the generator frame's count of yields, for ``enumerate`` (starting at its start)."""


class YieldHandler:
    """What a ``yield`` in a generator body run by this module does (see ``GeneratorRules``)."""

    def value(self, machine: GeneratorRules, value: AbstractValue, node: ast.expr) -> AbstractValue:
        """``yield value``: the value of the yield expression."""
        raise NotImplementedError

    def many(
        self,
        machine: GeneratorRules,
        items: list[AbstractValue] | None,
        element: AbstractValue,
        node: ast.expr,
    ) -> None:
        """``yield from`` an iterable of these items (or of unknown count, each ``element``)."""
        if items is not None:
            for item in items:
                if machine.state is None:
                    return
                self.value(machine, item, node)
            return
        self.unknown_count(machine, element, node)

    def unknown_count(
        self, machine: GeneratorRules, element: AbstractValue, node: ast.expr
    ) -> None:
        raise NotImplementedError


@dataclass(eq=False)
class _Consumer:
    """What drives a generator (a ``for`` loop, or the generator running ``yield from`` it),
    as it was when the driving started."""

    node: ast.AST
    frame: Frame
    scope: Scope
    call_stack: list[ast.AST]
    call_sites: list[tuple[ast.AST, str]]
    unknown_guards: int
    """The consumer's unknown guards: at the start, then as its runs raised them (an ``if``
    leaving abruptly guards the rest of the consumer's function)."""
    guarded_callers: int
    module_level: bool
    enumerate_start: AbstractValue | None

    @property
    def tag(self) -> int:
        return id(self.node)

    def index_key(self) -> tuple[str, int]:
        return (YIELD_INDEX, self.tag)

    def tagged(self, locals_: dict[object, AbstractValue] | None) -> dict[object, AbstractValue]:
        """The consumer's locals as they ride in the generator's frame."""
        if locals_ is None:
            return {}
        return {(CONSUMER, self.tag, key): value for key, value in locals_.items()}

    def is_tagged(self, key: object) -> bool:
        return (
            isinstance(key, tuple) and len(key) == 3 and key[0] == CONSUMER and key[1] == self.tag
        )

    def consumer_view(self, state: State) -> State:
        """``state`` (in the generator's frame) seen from the consumer's frame."""
        if self.module_level:
            return state.with_frame(None)
        assert state.locals is not None
        return state.with_frame(
            {key[2]: value for key, value in state.locals.items() if self.is_tagged(key)}  # type: ignore[index]
        )

    def generator_locals(self, state: State) -> dict[object, AbstractValue]:
        assert state.locals is not None
        return {key: value for key, value in state.locals.items() if not self.is_tagged(key)}


@dataclass(eq=False)
class _Driving(YieldHandler):
    """A driven generator's run: each yield runs its consumer (reports held back by the loop)."""

    consumer: _Consumer
    fixpoint_depth: int = 0
    """The machine's fixpoint depth when the driving started."""
    exits: Flow = field(default_factory=lambda: Flow(None))
    """The consumer's ``break``, ``return`` and raise exits (in the consumer's frame)."""
    resumed: State | None = None
    """The join of the stores the consumer resumed the generator with (consumer's frame)."""
    may_stop: bool = False
    """The consumer may stop at a yield (the generator is then not resumed)."""

    def value(self, machine: GeneratorRules, value: AbstractValue, node: ast.expr) -> AbstractValue:
        consumer = self.consumer
        state = machine.live
        own = consumer.generator_locals(state)
        if consumer.enumerate_start is not None:
            index = own.get(consumer.index_key(), TOP)
            value = TupleValue.of((index, value))
            own[consumer.index_key()] = _successor(index)
        reached = (
            not self.may_stop
            and machine.fixpoint_depth == self.fixpoint_depth
            and not machine.unknown_guards
        )
        saved = (
            machine.frame,
            machine.scope,
            machine.call_stack,
            machine.reporter.call_sites,
            machine.unknown_guards,
            machine.guarded_callers,
            machine.pending_raise,
        )
        machine.frame, machine.scope = consumer.frame, consumer.scope
        machine.call_stack = list(consumer.call_stack)
        machine.reporter.call_sites = list(consumer.call_sites)
        machine.unknown_guards, machine.guarded_callers = (
            consumer.unknown_guards,
            consumer.guarded_callers,
        )
        machine.pending_raise = None
        machine.state = consumer.consumer_view(state)
        try:
            try:
                body = self.run_consumer(machine, value, reached)
            except Raised:
                body = Flow(None)
            if machine.pending_raise is not None:
                body.raised = join_states(body.raised, machine.pending_raise)
            consumer.unknown_guards = max(consumer.unknown_guards, machine.unknown_guards)
        finally:
            (
                machine.frame,
                machine.scope,
                machine.call_stack,
                machine.reporter.call_sites,
                machine.unknown_guards,
                machine.guarded_callers,
                machine.pending_raise,
            ) = saved
        self.exits.absorb_abrupt(body.abrupt_only())
        self.exits.continued = None
        resume = join_states(body.normal, body.continued)
        if (
            resume is None
            or body.broken is not None
            or body.returned is not None
            or body.raised is not None
        ):
            self.may_stop = True
        if resume is None:
            machine.state = None
            raise Raised
        self.resumed = join_states(self.resumed, resume.copy())
        machine.state = resume.with_frame({**own, **consumer.tagged(resume.locals)})
        return NONE

    def run_consumer(self, machine: GeneratorRules, value: AbstractValue, reached: bool) -> Flow:
        """Run the consumer on the yielded ``value`` (from its frame); its flow. ``reached``: every
        execution reaching the driving reaches this yield."""
        raise NotImplementedError

    def unknown_count(
        self, machine: GeneratorRules, element: AbstractValue, node: ast.expr
    ) -> None:
        """Yields of unknown count: the consumer to a fixpoint from here (zero or more times)."""

        def iteration() -> tuple[State | None, State | None]:
            leaving = machine.live.copy()
            try:
                self.value(machine, element, node)
            except Raised:
                return None, leaving
            return machine.state, leaving

        machine.state = machine.yield_fixpoint(node, iteration)


@dataclass(eq=False)
class _DrivingLoop(_Driving):
    """A ``for`` loop driving a generator: each yield runs the loop's body."""

    loop: ast.For | None = None
    entries: State | None = None
    failing: State | None = None
    """The entry of the first iteration that every execution reaching the loop reaches and in
    which the loop's body made a certain report (``loops._note_failing_iteration``)."""

    def run_consumer(self, machine: GeneratorRules, value: AbstractValue, reached: bool) -> Flow:
        loop = self.loop
        assert loop is not None
        certain_before = machine.certain_in_loop
        machine.assign(loop.target, value, loop.iter)
        entry = machine.live.copy()
        self.entries = join_states(self.entries, entry)
        body = machine.exec_block(loop.body)
        if reached and machine.certain_in_loop > certain_before and self.failing is None:
            self.failing = entry
        return body


@dataclass(eq=False)
class _DrivingYieldFrom(_Driving):
    """A generator running ``yield from`` another: each of the other's yields is a yield of the
    first (``outer``), uncertain unless the other's yield is reached on every path."""

    outer: YieldHandler | None = None
    node: ast.YieldFrom | None = None

    def run_consumer(self, machine: GeneratorRules, value: AbstractValue, reached: bool) -> Flow:
        assert self.outer is not None and self.node is not None
        machine.unknown_guards += not reached
        try:
            self.outer.value(machine, value, self.node)
        finally:
            machine.unknown_guards -= not reached
        return Flow(machine.state)


@dataclass(eq=False)
class _Reporting(YieldHandler):
    """The reporting run of a driven generator's body: a yield joins what the loop's body
    resumed it with; after the first yield from which the loop may stop, reports are held."""

    resumed: State | None
    may_stop: bool
    held: int = 0

    def value(self, machine: GeneratorRules, value: AbstractValue, node: ast.expr) -> AbstractValue:
        if self.may_stop and not self.held:
            machine.reporter.swallowing += 1
            self.held = 1
        if self.resumed is not None:
            state = machine.live
            machine.state = join_states(state, self.resumed.with_frame(state.locals))
        return NONE

    def unknown_count(
        self, machine: GeneratorRules, element: AbstractValue, node: ast.expr
    ) -> None:
        self.value(machine, element, node)


@dataclass(eq=False)
class _Collecting(YieldHandler):
    """A materialising run: collects what is yielded and the stores at the yields."""

    fixpoint_depth: int
    values: list[AbstractValue] = field(default_factory=list)
    exact: bool = True
    at_yields: State | None = None

    def value(self, machine: GeneratorRules, value: AbstractValue, node: ast.expr) -> AbstractValue:
        self.values.append(value)
        if machine.fixpoint_depth > self.fixpoint_depth or machine.unknown_guards:
            self.exact = False
        self.at_yields = join_states(self.at_yields, machine.live.copy())
        return NONE

    def unknown_count(
        self, machine: GeneratorRules, element: AbstractValue, node: ast.expr
    ) -> None:
        self.exact = False
        self.value(machine, element, node)


@dataclass(eq=False)
class _FirstYield(YieldHandler):
    """A run to the first yield (``next``): collects the first yielded values and the stores
    there, and ends each path at its first yield."""

    values: list[AbstractValue] = field(default_factory=list)
    at_yields: State | None = None

    def value(self, machine: GeneratorRules, value: AbstractValue, node: ast.expr) -> AbstractValue:
        self.values.append(value)
        self.at_yields = join_states(self.at_yields, machine.live.copy())
        machine.state = None
        raise Raised

    def unknown_count(
        self, machine: GeneratorRules, element: AbstractValue, node: ast.expr
    ) -> None:
        self.values.append(element)
        self.at_yields = join_states(self.at_yields, machine.live.copy())


class GeneratorRules(CallRules):
    """Generator objects of user generator functions: made at the call, run by their consumer."""

    def make_generator(
        self, function: FunctionValue, bindings: dict[str, AbstractValue], node: ast.AST
    ) -> AbstractValue:
        """The unstarted generator object of a call of ``function`` with ``bindings``."""
        self.note_function_seen(function)
        return self.allocate(
            node, GeneratorValue(TOP, None, GeneratorBody(function, tuple(bindings.items())))
        )

    def unstarted_body(self, value: AbstractValue) -> GeneratorBody | None:
        """The body of the unstarted generator ``value`` refers to (one object), else None."""
        if not isinstance(value, Ref) or len(value.addresses) != 1:
            return None
        target = self.deref(value)
        return target.body if isinstance(target, GeneratorValue) else None

    def followed(self, body: GeneratorBody) -> bool:
        """True when this module runs ``body`` (else the generator escapes, its items ⊤)."""
        node = body.function.node
        return (
            isinstance(node, ast.FunctionDef)
            and len(self.call_stack) < self.settings.max_call_depth
            and not self.is_running(node)
            and not _yields_in_cleanup(node)
        )

    def give_up(self, ref: Ref, body: GeneratorBody) -> None:
        """The generator is not followed: it escapes, and what it yields is unknown."""
        self.mark_started(ref)
        self.escape(body.values())

    def mark_started(self, ref: Ref) -> None:
        """The generator ``ref`` has started: its position, hence what it yields next, is
        unknown from here (a generator the consumer alone refers to, made at the consumer's own
        expression, is not marked: nothing else can see it, and in a loop the fresh generator
        of the next iteration stays unstarted)."""
        self.update(ref, lambda o: GeneratorValue(TOP) if isinstance(o, GeneratorValue) else o)

    def run_generator_body(
        self, body: GeneratorBody, locals_: dict[object, AbstractValue], handler: YieldHandler
    ) -> Flow:
        """Run ``body``'s function's body in a new frame holding ``locals_`` besides its
        parameters, with ``handler`` for its yields; its flow (in its frame)."""
        function = body.function
        saved_frame, saved_scope = self.frame, self.scope
        saved_guards, saved_guarded = self.unknown_guards, self.guarded_callers
        frame = self.enter_frame(function, dict(body.bindings), locals_)
        frame.on_yield = handler
        self.call_stack.append(function.node)
        self.note_analysed(function)
        self.guarded_callers += saved_guards > 0
        self.unknown_guards = 0
        try:
            return self.exec_block(function.node.body)  # type: ignore[arg-type]
        finally:
            self.call_stack.pop()
            self.frame, self.scope = saved_frame, saved_scope
            self.unknown_guards, self.guarded_callers = saved_guards, saved_guarded

    # ------------------------------------------------------------------------- yields

    def expr_Yield(self, node: ast.Yield) -> AbstractValue:
        value = self.eval(node.value) if node.value is not None else NONE
        handler = self.frame.on_yield
        if isinstance(handler, YieldHandler):
            return handler.value(self, value, node)
        if node.value is not None:
            self.escape([value])
        return TOP

    def expr_YieldFrom(self, node: ast.YieldFrom) -> AbstractValue:
        value = self.eval(node.value)
        handler = self.frame.on_yield
        if isinstance(handler, YieldHandler):
            body = self.unstarted_body(value)
            if body is not None and self.followed(body):
                self.drive_yield_from(node, value, body, handler)  # type: ignore[arg-type]
                return TOP
            items, element = self.iteration(value, node.value)
            if items is not None and len(items) > MAX_COMPREHENSION_ITEMS:
                items, element = None, join_all(items)
            handler.many(self, items, element, node)
            return TOP
        self.escape([value])
        return TOP

    def yield_fixpoint(
        self, node: ast.AST, iteration: Callable[[], tuple[State | None, State | None]]
    ) -> State | None:
        """Zero or more runs of ``iteration`` from the current store (see ``loops._fixpoint``)."""
        return self._fixpoint(node, Flow(None), iteration)

    # ----------------------------------------------------------------------- driving for

    def drive_for(self, node: ast.For, ref: Ref, body: GeneratorBody) -> Flow:
        """Run ``for node.target in <generator of body>: node.body`` interleaved (see the module
        docstring); the loop's flow. Called by ``loops`` inside the loop's held-back pass."""
        if not _made_at(ref, node.iter):
            self.mark_started(ref)
        start = self.live.copy()
        driving = _DrivingLoop(self.consumer_here(node, body), self.fixpoint_depth, loop=node)
        abandoned = self.fixpoints_abandoned
        exits = self.drive(node.iter, body, driving)
        if self.loop_entries:
            self.loop_entries[-1] = join_states(self.loop_entries[-1], driving.entries)
        if self.failing_iterations and self.failing_iterations[-1] is None:
            self.failing_iterations[-1] = driving.failing
        self.driven_reports[id(node)] = lambda: self._report_generator(body, start, driving)
        result = self._finish_loop(node, driving.exits, exits)
        if self.fixpoints_abandoned > abandoned and self.state is not None:
            self.havoc(node)
            result.normal = self.state
        return result

    def drive_yield_from(
        self, node: ast.YieldFrom, ref: Ref, body: GeneratorBody, outer: YieldHandler
    ) -> None:
        """``yield from <generator of body>`` in a generator whose yields ``outer`` handles: the
        other generator is driven, each of its yields handled as the first's; afterwards the
        store is where the other generator ended (``Raised`` when it cannot end)."""
        if not _made_at(ref, node.value):
            self.mark_started(ref)
        driving = _DrivingYieldFrom(
            self.consumer_here(node, body), self.fixpoint_depth, outer=outer, node=node
        )
        self.state = self.drive(node, body, driving)
        if self.state is None:
            raise Raised

    def consumer_here(self, node: ast.AST, body: GeneratorBody) -> _Consumer:
        """The code running now, as the consumer driving ``body`` from ``node``."""
        return _Consumer(
            node,
            self.frame,
            self.scope,
            list(self.call_stack),
            list(self.reporter.call_sites),
            self.unknown_guards,
            self.guarded_callers,
            self.live.locals is None,
            body.enumerate_start,
        )

    def drive(self, site: ast.AST, body: GeneratorBody, driving: _Driving) -> State | None:
        """Run ``body`` driven by ``driving`` (the generator called at ``site``); the store where
        it ends, seen from the consumer (None: it cannot end). Its exceptions leave from the
        consumer's frame."""
        consumer = driving.consumer
        locals_ = consumer.tagged(self.live.locals)
        if body.enumerate_start is not None:
            locals_[consumer.index_key()] = body.enumerate_start
        self.reporter.call_sites.append((self.call_site(site), f"{body.function.qualname}(...)"))
        try:
            flow = self.run_generator_body(body, locals_, driving)
        finally:
            self.reporter.call_sites.pop()
        if flow.raised is not None and self.tracking:
            self.pending_raise = join_states(
                self.pending_raise, consumer.consumer_view(flow.raised)
            )
        self.unknown_guards = max(self.unknown_guards, consumer.unknown_guards)
        ended = join_states(flow.normal, flow.returned)
        return consumer.consumer_view(ended) if ended is not None else None

    def _report_generator(self, body: GeneratorBody, start: State, driving: _DrivingLoop) -> None:
        """The reporting run of a driven generator's body (see the module docstring)."""
        saved_state, saved_pending = self.state, self.pending_raise
        reporting = _Reporting(driving.resumed, driving.may_stop)
        self.state = start.copy()
        loop = driving.loop
        assert loop is not None
        self.reporter.call_sites.append(
            (self.call_site(loop.iter), f"{body.function.qualname}(...)")
        )
        try:
            self.run_generator_body(body, {}, reporting)
        finally:
            self.reporter.swallowing -= reporting.held
            self.reporter.call_sites.pop()
            self.state, self.pending_raise = saved_state, saved_pending

    def generator_of_iter(self, value: AbstractValue, node: ast.AST) -> AbstractValue:
        """``iter(value)`` when ``value`` is an instance whose class's ``__iter__`` is a
        generator function (``for batch in loader``): the unstarted generator it makes (making
        it runs nothing); ``value`` itself otherwise."""
        target = self.deref(value) if isinstance(value, Ref) else None
        if not isinstance(target, InstanceValue):
            return value
        method = self.special_method(value, target, "__iter__")
        function = method.function if isinstance(method, BoundMethodValue) else None
        if (
            not isinstance(function, FunctionValue)
            or not self.scope_of_function(function.node).is_generator
        ):
            return value
        return self.call_value(method, [], {}, node)  # type: ignore[arg-type]

    # ------------------------------------------------------------------- materialising

    def iteration(
        self,
        value: AbstractValue,
        node: ast.AST,
        consume: bool = True,
        repeat_alike: bool = True,
        interleaved: bool = False,
    ) -> tuple[list[AbstractValue] | None, AbstractValue]:
        """As ``ExpressionRules.iteration``; an unstarted generator (also one an instance's
        ``__iter__`` makes) is materialised first: for a consumer taking every item with no user
        code between two (``consume`` and not ``interleaved``) as a whole, else as a part."""
        value = self.generator_of_iter(value, node)
        body = self.unstarted_body(value)
        if body is not None:
            self.materialise_generator(value, body, whole=consume and not interleaved)  # type: ignore[arg-type]
        return super().iteration(value, node, consume, repeat_alike, interleaved)

    def materialise_generator(self, ref: Ref, body: GeneratorBody, whole: bool) -> None:
        """Run the unstarted generator ``ref`` now (see the module docstring): afterwards its
        object lists what it yields (or their join), and the store is as its consumer finds it
        (``whole``: a consumer taking every item)."""
        if not self.followed(body):
            self.give_up(ref, body)
            return
        start = self.live.copy()
        collecting = _Collecting(self.fixpoint_depth)
        self.reporter.swallowing += 1
        try:
            flow = self.run_generator_body(body, {}, collecting)
        finally:
            self.reporter.swallowing -= 1
        ended = join_states(flow.normal, flow.returned)
        values = collecting.values
        exact = (
            collecting.exact
            and ended is not None
            and flow.raised is None
            and len(values) <= MAX_COMPREHENSION_ITEMS
        )
        if body.enumerate_start is not None:
            values = _enumerated(values, body.enumerate_start, exact)
        element = join_all(values) if values else TOP
        items = tuple(values) if exact else None
        if flow.raised is not None and self.tracking:
            self.pending_raise = join_states(
                self.pending_raise, flow.raised.with_frame(start.locals)
            )
        if whole:
            if ended is None:
                self.state = None
                raise Raised
            self.state = ended.with_frame(start.locals)
            self.update(
                ref,
                lambda o: GeneratorValue(element, items) if isinstance(o, GeneratorValue) else o,
            )
            return
        joined = start
        for state in (collecting.at_yields, ended):
            if state is not None:
                joined = join_states(joined, state.with_frame(start.locals))  # type: ignore[assignment]
        self.state = joined
        kept = self._self_contained(body)
        self.update(
            ref,
            lambda o: (
                GeneratorValue(element if kept else TOP, items if kept else None)
                if isinstance(o, GeneratorValue)
                else o
            ),
        )
        self.escape(body.values())

    def _self_contained(self, body: GeneratorBody) -> bool:
        """True when ``body`` run later computes what it computes now: no closure, no heap
        object reachable from its arguments, and every module variable it reads holds a module,
        a function or a class now (or is a builtin). Rebinding such a name between two
        resumptions is not followed."""
        function = body.function
        if function.closure or reachable_addresses(
            [value for _, value in body.bindings], self.live.heap
        ):
            return False
        local_names = self.scope_of_function(function.node).locals()
        for child in _walk_same_scope(function.node):
            if (
                isinstance(child, ast.Name)
                and isinstance(child.ctx, ast.Load)
                and child.id not in local_names
            ):
                value = self.global_value(global_key_in(self.module_of(function.node), child.id))
                if value is not None and not self._definition(value):
                    return False
        return True

    def _definition(self, value: AbstractValue) -> bool:
        """True for a module, a function or a class (what ``import``, ``def``, ``class`` bind)."""
        if isinstance(value, Ref):
            return isinstance(self.deref(value), ClassValue)
        return isinstance(
            value,
            (
                UnknownModuleValue,
                NativeModule,
                ProjectModule,
                NativeFunction,
                FunctionValue,
                BuiltinFunctionValue,
                BuiltinTypeValue,
            ),
        )

    # ---------------------------------------------------------------------- builtins

    def hand_generators_over(self, values: list[AbstractValue]) -> None:
        """Unstarted generators among a library call's arguments: the library may consume them
        (Keras ``fit``), at any time: each is materialised as for a partial consumer."""
        for value in values:
            body = self.unstarted_body(value)
            if body is not None:
                self.materialise_generator(value, body, whole=False)  # type: ignore[arg-type]

    def next_of_unstarted(
        self, ref: Ref, body: GeneratorBody, default: AbstractValue | None
    ) -> AbstractValue:
        """``next(generator[, default])`` on an unstarted generator: its body runs (without
        reporting) to its first yield, whose value is the result, or to its end (``default``, or
        ``StopIteration``). The generator is suspended there: its function and arguments escape
        (it may resume at any time) and what it yields afterwards is ⊤."""
        if not self.followed(body):
            self.give_up(ref, body)
            return TOP if default is None else default.join(TOP)
        self.mark_started(ref)
        start = self.live.copy()
        first = _FirstYield()
        self.reporter.swallowing += 1
        try:
            flow = self.run_generator_body(body, {}, first)
        finally:
            self.reporter.swallowing -= 1
        if flow.raised is not None and self.tracking:
            self.pending_raise = join_states(
                self.pending_raise, flow.raised.with_frame(start.locals)
            )
        ended = join_states(flow.normal, flow.returned)
        ended = ended.with_frame(start.locals) if ended is not None else None
        suspended = (
            first.at_yields.with_frame(start.locals) if first.at_yields is not None else None
        )
        values = list(first.values)
        if ended is not None:
            if default is None:
                self.state = ended
                self.note_possible_raise()
            else:
                suspended = join_states(suspended, ended)
                values.append(default)
        self.state = suspended
        if suspended is None or not values:
            if ended is not None:
                self.state = ended
                self.raise_here()
            self.state = None
            raise Raised
        self.escape(body.values())
        return join_all(values)

    def enumerate_unstarted(
        self, ref: Ref, body: GeneratorBody, start: AbstractValue, node: ast.AST
    ) -> AbstractValue:
        """``enumerate(generator, start)``: an unstarted generator numbering its items (the
        enumerated generator is consumed through it: its position becomes unknown)."""
        if body.enumerate_start is not None:
            self.materialise_generator(ref, body, whole=False)
            return self.allocate(node, GeneratorValue(TupleValue.of((TOP, TOP))))
        inner = node.args[0] if isinstance(node, ast.Call) and node.args else None
        if inner is None or not _made_at(ref, inner):
            self.mark_started(ref)
        return self.allocate(
            node,
            GeneratorValue(
                TOP,
                None,
                replace(body, enumerate_start=start if isinstance(start, IntValue) else IntValue()),
            ),
        )


def _made_at(ref: Ref, node: ast.AST) -> bool:
    """True when ``ref`` is the one object allocated at ``node`` (in this run of it)."""
    address = ref.single
    return address is not None and address[0] == id(node)


def _successor(index: AbstractValue) -> AbstractValue:
    """``index + 1`` for an ``int`` interval (⊤ otherwise)."""
    if not isinstance(index, IntValue):
        return TOP
    return IntValue(
        None if index.low is None else index.low + 1,
        None if index.high is None else index.high + 1,
    )


def _enumerated(
    values: list[AbstractValue], start: AbstractValue, exact: bool
) -> list[AbstractValue]:
    """``(index, value)`` pairs numbering ``values`` from ``start`` (exact indexes when the
    values are the exact items and ``start`` a constant)."""
    if exact and isinstance(start, IntValue) and start.constant is not None:
        return [
            TupleValue.of((IntValue.constant_of(start.constant + i), value))
            for i, value in enumerate(values)
        ]
    index = IntValue(start.low, None) if isinstance(start, IntValue) else IntValue()
    return [TupleValue.of((index, value)) for value in values]


def _yields_in_cleanup(function: ast.AST) -> bool:
    """True when a ``yield`` of ``function`` is inside a ``try`` or ``with`` of it (their
    ``finally``, handlers and ``__exit__`` run when an abandoned generator is closed)."""
    for statement in _walk_same_scope(function):
        if isinstance(
            statement, (ast.Try, ast.With, ast.AsyncWith, getattr(ast, "TryStar", ast.Try))
        ):
            for child in _walk_same_scope(statement):
                if isinstance(child, (ast.Yield, ast.YieldFrom)):
                    return True
    return False
