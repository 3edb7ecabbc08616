"""The interpreter's core: frames, the heap, recording, reporting and bookkeeping effects.

``Machine`` holds the current store (``self.state``, None when unreachable) and evaluates
statements and expressions against it. ``MachineCore`` is that state and the services every rule
uses; the rules live in mixins composed into ``Machine``: statements (``statements``), expressions
(``expressions``), calls (``calls``), variables (``names``) and escapes (``escapes``); what values
reach through the heap is ``reachability``. A certain failure raises ``Raised`` inside the
interpreter, which ends the statement's normal completion; internal errors are caught per
statement and turn what the statement touches into ⊤.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.classes import InstanceValue
from ...domains.containers import DictValue, SetValue
from ...domains.functions import FunctionValue, GeneratorValue
from ...domains.numbers import IntValue
from ...domains.references import SUMMARY, Address, OpaqueObject, Ref, is_strong, join_objects
from ...domains.sequences import ListValue, SequenceValue, TupleValue
from ...facts import AnalysisSettings, InternalError, Position, Span
from ...text import SourceText
from ..budget import Budget
from ..incremental.anchored_spans import AnchoredSpan
from ..incremental.memo import ABSENT, CallMemo, EffectEntry, Footprint, ReportEntry, joined_record
from ..modules.module_code import ModuleCode, global_key
from ..natives import CallContext, NativeValue
from ..semantics.correlation import ConditionIndex
from .reachability import reachable_addresses
from .reporting import Reporter
from .scopes import Scope, ScopeTable
from .state import MaybeUnbound, State, Unbound, join_states

MAX_OBJECTS_PER_SITE = 16
MAX_MATERIALISE_DEPTH = 3
_PLAIN, _UNBOUND, _MAYBE_UNBOUND, _REF, _TUPLE, _NATIVE_RECORDED = (
    "plain",
    "unbound",
    "maybe unbound",
    "reference",
    "tuple",
    "native recorded",
)


class _RecordKinds(dict[type, str]):
    """Per value type met by ``record``: what recording a value of it does first (decided at
    the first lookup of the type, ``_record_kind``)."""

    def __missing__(self, kind: type) -> str:
        self[kind] = decided = _record_kind(kind)
        return decided


def _record_kind(kind: type) -> str:
    """How ``record`` prepares a value of type ``kind``: unwrap it (``Unbound``,
    ``MaybeUnbound``), materialise its heap references (``Ref``, a ``TupleValue`` holding some),
    take the snapshot its library model records (``NativeValue.recorded`` overridden), or
    nothing."""
    if issubclass(kind, Unbound):
        return _UNBOUND
    if issubclass(kind, MaybeUnbound):
        return _MAYBE_UNBOUND
    if issubclass(kind, Ref):
        return _REF
    if issubclass(kind, TupleValue):
        return _TUPLE
    if issubclass(kind, NativeValue) and kind.recorded is not NativeValue.recorded:
        return _NATIVE_RECORDED
    return _PLAIN


_RECORD_KINDS = _RecordKinds()

MAX_INTERNAL_ERRORS = 20
"""Internal errors kept for the interpretation's report (each also made one unit of code ⊤)."""
MAX_INTERNAL_ERROR_DESCRIPTION = 200
"""Characters of an internal error's description kept (its message may quote a huge input)."""
MAX_UNROLLED_WORK = 4096
UNROLL_STATEMENT_BUDGET = 200
"""Statements (including those of called functions) one loop may spend on exact unrolling."""


class Raised(Exception):
    """Internal: evaluation certainly raises here (already reported, or raised by user code)."""


@dataclass(eq=False)
class Frame:
    """The code block being executed: its scope, cells (own and closure) and function."""

    scope: Scope
    cells: dict[str, Address] = field(default_factory=dict)
    function: FunctionValue | None = None
    first_argument: AbstractValue | None = None
    storage: dict[str, object] = field(default_factory=dict)
    """Facts library models keep for this execution of the block (``CallContext.frame_storage``)."""
    on_yield: object = None
    """What a ``yield`` of this execution of a generator body does (``generators``); None: the
    body is analysed on its own, its yields are ⊤."""
    module: ModuleCode | None = None
    """The project module whose code the block is (``imports``); None: the analysed document."""


class MachineCore:
    """State and services shared by the statement, expression and call rules."""

    def __init__(
        self,
        tree: ast.Module,
        text: SourceText,
        settings: AnalysisSettings,
        should_stop: Callable[[], bool] | None = None,
        memo: CallMemo | None = None,
        scopes: ScopeTable | None = None,
        budget: Budget | None = None,
    ) -> None:
        self.document_tree = tree
        self.document_text = text
        self.settings = settings
        self.document_scopes = scopes if scopes is not None else ScopeTable(tree)
        self.reporter = Reporter(settings.mode == "possible", self.site_span_of)
        self.budget = budget if budget is not None else Budget(settings, should_stop)
        self.budget.start_memory_accounting()
        self.state: State | None = State.empty()
        self.frame = Frame(self.document_scopes.module)
        self.scope: Scope = self.document_scopes.module
        self.modules_of_functions: dict[int, ModuleCode | None] = {}
        """Per function node (by id) met in a call: the project module it is code of (None: the
        document), see ``module_of``."""
        self.values: dict[int, AbstractValue] = {}
        self.nodes: dict[int, ast.AST] = {}
        self.anchored_spans: dict[int, AnchoredSpan] = {}
        """Per document node (by id) asked about: its ``AnchoredSpan`` (which holds the node);
        nodes do not move during an interpretation, so one span object serves every request."""
        self.assignment_targets: dict[int, ast.AST] = {}
        self.tracking = 0
        self.pending_raise: State | None = None
        self.fixpoint_depth = 0
        self.statements_executed = 0
        self.consuming_generator = False
        self.loop_entries: list[State | None] = []
        self.condition_indexes: dict[int, ConditionIndex] = {}
        """Per scope node (by id), its ``if`` tests for correlated conditions (built on use)."""
        self.failing_iterations: list[State | None] = []
        """Per enclosing loop: the body entry of its first unrolled iteration with a certain
        failure (see ``_note_failing_iteration``)."""
        self.loop_levels: list[int] = []
        """Per enclosing loop: the ``swallowing`` level inside it (reports held back by the loop)."""
        self.certain_in_loop = 0
        self.fixpoints_abandoned = 0
        """How many loop fixpoints gave up and forgot what their loop touches (a counter)."""
        self.driven_reports: dict[int, Callable[[], None]] = {}
        """Per ``for`` node just run driving a generator: its generator body's reporting run."""
        """How many certain reports the innermost loop held back (a counter)."""
        self.internal_errors: list[InternalError] = []
        self.unrolled_work = 1
        self.call_stack: list[ast.AST] = []
        self.global_history: dict[str, AbstractValue] = {}
        self.volatile_globals: set[Hashable] = set()
        self.names_injected = False
        self.unknown_guards = 0
        self.guarded_callers = 0
        self.functions_seen: dict[int, FunctionValue] = {}
        self.functions_analysed: set[int] = set()
        self.functions_escaped: set[int] = set()
        self.memo = memo if memo is not None else CallMemo()
        self.footprints: list[Footprint] = []
        """The calls being recorded, innermost last (see ``memo``)."""
        self.replayed: set[int] = set()
        """Summaries whose journal this analysis already holds (replaying again changes nothing)."""

    # ------------------------------------------------------------------ the running module

    @property
    def module(self) -> ModuleCode | None:
        """The project module whose code runs now; None while the document's own code runs."""
        return self.frame.module

    @property
    def tree(self) -> ast.Module:
        module = self.frame.module
        return self.document_tree if module is None else module.tree

    @property
    def text(self) -> SourceText:
        module = self.frame.module
        return self.document_text if module is None else module.text

    @property
    def scopes(self) -> ScopeTable:
        """The scope table of the running module's tree."""
        module = self.frame.module
        return self.document_scopes if module is None else module.scopes

    def global_key(self, name: str) -> Hashable:
        """Where the store keeps the running module's variable ``name`` (``module_code``)."""
        module = self.frame.module
        return name if module is None else global_key(module, name)

    def module_of(self, node: ast.AST) -> ModuleCode | None:
        """The project module a function, class or lambda node belongs to (None: the document,
        or a node of no module loaded in this analysis, which never runs)."""
        key = id(node)
        if key in self.modules_of_functions:
            return self.modules_of_functions[key]
        if key in self.document_scopes.by_node:
            self.modules_of_functions[key] = None
            return None
        for module in self.loaded_modules():
            if key in module.scopes.by_node:
                self.modules_of_functions[key] = module
                return module
        return None

    def loaded_modules(self) -> Iterable[ModuleCode]:
        """The project modules imported on the current path (``imports``)."""
        raise NotImplementedError

    def attribute_stored_anywhere(self, name: str) -> bool:
        """Whether code of the document or of a loaded module stores an attribute ``name``
        anywhere (``ScopeTable.stored_attributes``): an object may then have it whatever the
        analysis saw. The answer depends on which modules are loaded: a recorded call notes it
        (``Footprint.attribute_checks``)."""
        stored = self.stored_anywhere_now(name)
        if self.footprints:
            self.footprints[-1].attribute_checks.setdefault(name, stored)
        return stored

    def stored_anywhere_now(self, name: str) -> bool:
        """``attribute_stored_anywhere`` without noting the question in the running recording."""
        if name in self.document_scopes.stored_attributes:
            return True
        return any(name in module.scopes.stored_attributes for module in self.loaded_modules())

    def scope_of_function(self, node: ast.AST) -> Scope:
        """The scope of a function (or lambda, class) node of any loaded module."""
        module = self.module_of(node)
        return (self.document_scopes if module is None else module.scopes).scope_of(node)

    # ----------------------------------------------------------------- spans, recording, reports

    def span_of(self, node: ast.AST | Span) -> Span:
        """``node``'s span, following the node when an edit moves its lines (``anchored_spans``);
        in another module's code, a ``ModuleSpan`` there (a span already made is kept)."""
        if isinstance(node, Span):
            return node
        module = self.frame.module
        if module is not None:
            return module.span_of(node)
        return self.anchored_span(node)

    def anchored_span(self, node: ast.AST) -> AnchoredSpan:
        """The ``AnchoredSpan`` of a node of the document (made once per interpretation)."""
        span = self.anchored_spans.get(id(node))
        if span is None:
            span = AnchoredSpan(node, self.document_text.span_of_node(node))
            self.anchored_spans[id(node)] = span
        return span

    def fixed_span_of(self, node: ast.AST | Span) -> Span:
        """``node``'s span now, for text naming its line or for sets of spans: the position counts
        as used (``note_absolute_position``)."""
        if isinstance(node, Span):
            return node
        module = self.frame.module
        if module is not None:
            return module.span_of(node)
        self.note_absolute_position(node)
        return self.document_text.span_of_node(node)

    def site_span_of(self, site: ast.AST | Span, fixed: bool = False) -> Span:
        """The span of a call site kept by the reporter (``call_site``): a node of the document
        (``fixed``: its position now, noted as used), else the span kept."""
        if isinstance(site, Span):
            return site
        if fixed:
            self.note_absolute_position(site)
            return self.document_text.span_of_node(site)
        return self.anchored_span(site)

    def call_site(self, node: ast.AST) -> ast.AST | Span:
        """A call site as the reporter keeps it: the node in the document's code, else its span
        (the reporter places reports after the running module is left)."""
        return node if self.frame.module is None else self.frame.module.span_of(node)

    def note_absolute_position(self, node: ast.AST) -> None:
        """The running code used ``node``'s line as a number: an edit moving it invalidates the
        summaries and checkpoints recording this code."""
        if self.footprints:
            self.footprints[-1].note_position(node)

    def record(self, node: ast.AST, value: AbstractValue) -> None:
        """Remember ``value`` for ``node`` (joined with earlier visits), for hover and tests; only
        the document's own nodes are recorded, but in a rank projection, whose checks compare the
        conditions and call sites of the imported modules' code too (``Interpretation``
        keeps them apart): there only a bool's or an int's value is kept (what a condition
        needs), anything else as ⊤ (that it was reached)."""
        if self.frame.module is not None:
            if self.settings.rank is None:
                return
            if not isinstance(value, (BoolValue, IntValue)):
                value = TOP
        key = id(node)
        values = self.values
        old = values.get(key)
        if old is not value:
            kind = _RECORD_KINDS[type(value)]
            if kind is _UNBOUND or kind is _MAYBE_UNBOUND:
                value = value.value if kind is _MAYBE_UNBOUND else TOP  # type: ignore[attr-defined]
                kind = _RECORD_KINDS[type(value)]
            if kind is _REF or (kind is _TUPLE and self._holds_ref(value)):  # type: ignore[arg-type]
                value = self.materialise(value, MAX_MATERIALISE_DEPTH)
            elif kind is _NATIVE_RECORDED:
                value = value.recorded(self.context(node))  # type: ignore[attr-defined]
            if old is None:
                values[key] = value
                self.nodes[key] = node
            elif old is not value:
                values[key] = joined_record(old, value)
        if self.footprints:
            self.footprints[-1].record(key, node, value)

    @staticmethod
    def _holds_ref(value: TupleValue) -> bool:
        items = value.items if value.items is not None else (value.element,)
        return any(isinstance(item, (Ref, TupleValue)) for item in items)

    def materialise(
        self,
        value: AbstractValue,
        depth: int,
        done: dict[tuple[int, int], tuple[AbstractValue, AbstractValue]] | None = None,
    ) -> AbstractValue:
        """``value`` with heap references replaced by (snapshots of) the objects they point to.

        Values are often shared (``t = (t, t)`` in a loop makes a tuple of depth 60 out of 60
        objects): ``done`` maps each value object and depth already materialised to its result
        (keeping the value alive, so that its id stays its own), so each is materialised once."""
        done = {} if done is None else done
        key = (id(value), depth)
        if key in done:
            return done[key][1]
        self.budget.check()
        result = self._materialised(value, depth, done)
        done[key] = (value, result)
        return result

    def _materialised(
        self,
        value: AbstractValue,
        depth: int,
        done: dict[tuple[int, int], tuple[AbstractValue, AbstractValue]],
    ) -> AbstractValue:
        if isinstance(value, Ref):
            if depth <= 0:
                return TOP
            target = self.deref(value)
            return self.materialise(target, depth - 1, done)
        if isinstance(value, SequenceValue):
            if value.items is not None:
                return type(value).of(
                    [self.materialise(item, depth - 1, done) for item in value.items]
                )
            return type(value).summary(
                self.materialise(value.element, depth - 1, done), value.length
            )
        if isinstance(value, DictValue):
            return DictValue(
                tuple(
                    (key, self.materialise(item, depth - 1, done)) for key, item in value.entries
                ),
                value.exact,
                value.other_key,
                self.materialise(value.other_value, depth - 1, done),
            )
        if isinstance(value, InstanceValue):
            return InstanceValue(TOP, value.class_name, self._parts(value, depth, done), False)
        if isinstance(value, SetValue):
            return SetValue(
                self.materialise(value.element, depth - 1, done), value.length, value.kind
            )
        return value

    def _parts(
        self,
        instance: InstanceValue,
        depth: int,
        done: dict[tuple[int, int], tuple[AbstractValue, AbstractValue]],
    ) -> tuple[tuple[str, AbstractValue], ...]:
        """The attributes of ``instance`` that hovers list as its parts (the layers of a model;
        see ``AbstractValue.part_label``), materialised; its other attributes are left out."""
        parts: list[tuple[str, AbstractValue]] = []
        for name, item in instance.attributes:
            if isinstance(item, Ref):
                if depth <= 1 or not isinstance(self.deref(item), InstanceValue):
                    continue
                item = self.materialise(item, depth - 1, done)
            if item.part_label() is not None:
                parts.append((name, item))
        return tuple(parts)

    def report(
        self,
        node: ast.AST,
        code: str,
        message: str,
        certain: bool = True,
        related: Sequence[tuple[Span, str]] = (),
        advice: bool = False,
    ) -> None:
        """Report at ``node``; ``advice`` is a warning in every mode that no handler swallows.

        A failure under a branch of unknown condition in a function analysed at a call that is
        itself under a branch of unknown condition is not certain: the two conditions may be
        correlated (``if os.name != "nt": f(None)`` and, in ``f``, ``if os.name == "nt": ...``),
        so the branch may be unreachable with this call's argument values. ``unknown_guards``
        counts the unknown conditions the current point depends on in the running function: the
        enclosing ``if`` arms, conditional-expression arms, later ``and``/``or`` operands and
        comprehension filters, and, for the rest of the function, each earlier ``if`` with one
        arm leaving abruptly and each ``assert`` (``if flag: return`` guards what follows).

        A failure in another module's code is reported at the document's call or import site
        (``reporting``), where it is certain only when every execution of that call reaches it:
        one that depends on an unknown condition in the running function or in any function
        between the document and here (``guarded_callers``, which also counts the document's own
        guarded callers: over-approximated) is not certain there (keras-cv's ``parse_weights``
        fails only for some ``weights`` after ``if not weights: return``).
        """
        if certain and self.unknown_guards and self.guarded_callers:
            certain = False
        if (
            certain
            and self.frame.module is not None
            and (self.unknown_guards or self.guarded_callers)
        ):
            certain = False
        span = None if self.frame.module is None else self.frame.module.span_of(node)
        if self.footprints:
            footprint = self.footprints[-1]
            footprint.journal.append(
                ReportEntry(
                    node,
                    code,
                    message,
                    certain,
                    tuple(related),
                    advice,
                    tuple(self.reporter.call_sites[footprint.site_depth :]),
                    self.reporter.swallowing > 0,
                    not advice and certain and self.directly_in_loop(),
                    span,
                )
            )
        self.deliver_report(node, code, message, certain, related, advice, span)

    def deliver_report(
        self,
        node: ast.AST,
        code: str,
        message: str,
        certain: bool,
        related: Sequence[tuple[Span, str]],
        advice: bool,
        span: Span | None = None,
    ) -> None:
        """The part of ``report`` after certainty is settled (also replays recorded reports);
        ``span``: where, when made in another module's code (else ``node``'s span)."""
        where = span if span is not None else self.span_of(node)
        if advice:
            self.reporter.report(where, code, message, True, related, advice=True)
            return
        if not certain and not self.reporter.possible_mode:
            return
        if self.reporter.swallowing:
            self.reporter.suppressed += 1
            if certain and self.directly_in_loop():
                self.certain_in_loop += 1
            return
        self.reporter.report(where, code, message, certain, related)

    def directly_in_loop(self) -> bool:
        """True when a report made now is held back by the innermost loop's unrolled pass and by
        nothing inside it (no handler, no inner reporting-free pass)."""
        return bool(self.loop_levels) and self.reporter.swallowing == self.loop_levels[-1]

    def fail(
        self, node: ast.AST, code: str, message: str, related: Sequence[tuple[Span, str]] = ()
    ) -> None:
        """Report a certain failure at ``node`` and stop evaluating (raises ``Raised``)."""
        self.report(node, code, message, True, related)
        self.raise_here()

    def raise_here(self) -> None:
        """Control certainly leaves by an exception from the current store (which ends the
        program where no handler can observe it: a rank projection keeps that end)."""
        if self.tracking and self.state is not None:
            self.pending_raise = join_states(self.pending_raise, self.state.copy())
        elif self.settings.rank is not None and self.state is not None and not self.exiting:  # type: ignore[attr-defined]
            self.note_program_end(crashed=True)  # type: ignore[attr-defined]
        raise Raised

    def note_possible_raise(self) -> None:
        """An exception may leave from the current store (for handlers)."""
        if self.tracking and self.state is not None:
            self.pending_raise = join_states(self.pending_raise, self.state.copy())

    # native hosts
    def report_from_native(
        self,
        code: str,
        message: str,
        node: ast.AST,
        certain: bool,
        related: Sequence[tuple[Span, str]],
        warning: bool,
    ) -> None:
        self.report(node, code, message, certain, related, advice=warning)

    def frame_storage(self) -> dict[str, object]:
        return self.frame.storage

    def function_scope_name(self) -> str:
        function = self.frame.function
        if function is None:
            return "<module>"
        if function.owner is not None and "." in function.qualname:
            return function.qualname.rsplit(".", 1)[0]
        return function.qualname

    def allocate_list(self, items: Sequence[AbstractValue], node: ast.AST) -> AbstractValue:
        return self.allocate(node, ListValue.of(tuple(items)))

    def allocate_iterator(self, element: AbstractValue, node: ast.AST) -> AbstractValue:
        return self.allocate(node, GeneratorValue(element))

    def iterated_items(self, value: AbstractValue) -> list[AbstractValue] | None:
        target = self.deref(value)
        if isinstance(target, GeneratorValue):
            return None if target.items is None else list(target.items)
        return self.sequence_items(value)

    def iterator_element(self, value: AbstractValue) -> AbstractValue | None:
        target = self.deref(value)
        return target.summary() if isinstance(target, GeneratorValue) else None

    def dict_entries(self, value: AbstractValue) -> list[tuple[object, AbstractValue]] | None:
        target = self.deref(value)
        if isinstance(target, DictValue) and target.exact:
            return list(target.entries)
        return None

    def allocate_dict(
        self, entries: Sequence[tuple[object, AbstractValue]], node: ast.AST
    ) -> AbstractValue:
        return self.allocate(node, DictValue(tuple(entries)))  # type: ignore[arg-type]

    def sequence_items(self, value: AbstractValue) -> list[AbstractValue] | None:
        target = self.deref(value)
        if isinstance(target, SequenceValue) and target.items is not None:
            return list(target.items)
        return None

    def context(
        self,
        node: ast.AST,
        args: Sequence[AbstractValue] = (),
        kwargs: dict[str, AbstractValue] | None = None,
    ) -> CallContext:
        return CallContext(self, node, args, kwargs)  # type: ignore[arg-type]

    # ----------------------------------------------------------------------------- the heap

    @property
    def live(self) -> State:
        """The current store (evaluation only happens in reachable code)."""
        assert self.state is not None
        return self.state

    def is_running(self, node: ast.AST) -> bool:
        """True when the function of ``node`` is being executed (a call now would recurse)."""
        running = node in self.call_stack
        if self.footprints:
            self.footprints[-1].note_stack_check(node, self.call_stack)
        return running

    def loop_work(self) -> int:
        """The exact-unrolling work committed by the enclosing loops (see ``MAX_UNROLLED_WORK``)."""
        if self.footprints:
            self.footprints[-1].reads_unrolled = True
        return self.unrolled_work

    def in_fixpoint(self) -> bool:
        """True while a loop fixpoint is computed (allocations then go to summary addresses)."""
        if self.footprints:
            self.footprints[-1].reads_fixpoint = True
        return self.fixpoint_depth > 0

    def touch_global(self, name: Hashable) -> None:
        """The running code is about to read or write module variable ``name`` (see ``memo``)."""
        first_touch = self.footprints[-1].globals_seen
        if name not in first_touch:
            first_touch[name] = self.live.globals.get(name, ABSENT)

    def touch_heap(self, address: Address) -> None:
        """The running code is about to read or write the heap at ``address`` (see ``memo``)."""
        first_touch = self.footprints[-1].heap_seen
        if address not in first_touch:
            first_touch[address] = self.live.heap.get(address, ABSENT)

    def heap_object(self, address: Address) -> AbstractValue | None:
        """The object at ``address``, None when there is none."""
        if self.footprints:
            self.touch_heap(address)
        return self.live.heap.get(address)

    def global_value(self, name: Hashable) -> AbstractValue | None:
        """Module variable ``name``'s value, None when it is unbound."""
        if self.footprints:
            self.touch_global(name)
        return self.live.globals.get(name)

    def store_object(self, address: Address, obj: AbstractValue) -> None:
        if self.footprints:
            self.touch_heap(address)
        self.live.store(address, obj)

    def allocate(self, node: ast.AST, obj: AbstractValue) -> Ref:
        """A new heap object allocated at ``node`` (see ``domains.references``)."""
        return self.allocate_at(id(node), obj)

    def allocate_at(self, site: int, obj: AbstractValue) -> Ref:
        """A new heap object allocated at the allocation site ``site``."""
        state = self.live
        recording = bool(self.footprints)
        if not self.in_fixpoint():
            for counter in range(MAX_OBJECTS_PER_SITE):
                address = (site, counter)
                if recording:
                    self.touch_heap(address)
                if address not in state.heap:
                    state.store(address, obj)
                    return Ref.to(address)
        address = (site, SUMMARY)
        old = self.heap_object(address)
        state.store(address, obj if old is None else join_objects(old, obj))
        return Ref.to(address)

    def deref(self, value: AbstractValue) -> AbstractValue:
        """The heap object(s) ``value`` points to, joined; other values unchanged."""
        if not isinstance(value, Ref):
            return value
        state = self.state
        assert state is not None
        recording = bool(self.footprints)
        result: AbstractValue | None = None
        for address in value.addresses:
            if recording:
                self.touch_heap(address)
            obj = state.heap.get(address, TOP)
            result = obj if result is None else join_objects(result, obj)
        return result if result is not None else TOP

    def update(self, ref: Ref, change: callable) -> None:  # type: ignore[valid-type]
        """Apply ``change(obj) -> obj`` to the object(s) ``ref`` points to (strong or weak)."""
        state = self.live
        strong = len(ref.addresses) == 1
        for address in ref.addresses:
            old = self.heap_object(address)
            if old is None or isinstance(old, OpaqueObject) or old is TOP:
                continue
            new = change(old)
            if strong and is_strong(address):
                state.store(address, new)
            else:
                state.store(address, join_objects(old, new))

    def collect_garbage(self) -> None:
        """Drop heap objects no longer reachable (only between module-level statements, where no
        temporary value is held outside the store). Roots: module variables, their history (used
        to analyse uncalled functions), and the closures and defaults of every function seen."""
        state = self.state
        if state is None:
            return
        roots: list[AbstractValue] = list(state.globals.values())
        roots.extend(self.global_history.values())
        roots.extend(self.functions_seen.values())
        reachable = reachable_addresses(roots, state.heap)
        if len(reachable) < len(state.heap):
            state.keep_only(reachable)

    # ---------------------------------------------------------------- bookkeeping effects

    def note_effect(self, kind: str, argument: object) -> None:
        """Apply a bookkeeping effect (a method of this class named ``kind``) and journal it."""
        if self.footprints:
            footprint = self.footprints[-1]
            footprint.journal.append(EffectEntry(kind, argument))
            if kind in ("escaped", "function_seen"):
                footprint.roots.append(argument)  # type: ignore[arg-type]
            elif kind == "global_binding":
                footprint.roots.append(argument[1])  # type: ignore[index]
        getattr(self, "_" + kind)(argument)

    def inject_names(self) -> None:
        self.note_effect("inject_names", None)

    def _inject_names(self, _: object) -> None:
        self.names_injected = True

    def note_escaped(self, function: FunctionValue) -> None:
        self.note_effect("escaped", function)

    def _escaped(self, function: FunctionValue) -> None:
        self.functions_escaped.add(id(function.node))
        self.functions_seen.setdefault(id(function.node), function)

    def note_function_seen(self, function: FunctionValue) -> None:
        self.note_effect("function_seen", function)

    def _function_seen(self, function: FunctionValue) -> None:
        self.functions_seen.setdefault(id(function.node), function)

    def note_analysed(self, function: FunctionValue) -> None:
        if self.footprints:
            self.footprints[-1].analysed[id(function.node)] = function.node
        self.functions_analysed.add(id(function.node))

    def make_volatile(self, keys: Iterable[Hashable]) -> None:
        """Module variables stored at ``keys`` (``global_key``) may be rebound by unknown code at
        any time: ⊤ for good."""
        keys = frozenset(keys)
        if keys:
            self.note_effect("volatile", keys)

    def _volatile(self, names: frozenset[Hashable]) -> None:
        self.volatile_globals |= names

    def make_module_volatile(self) -> None:
        """Every module variable may be rebound by unknown code (``exec``, ``globals()``...)."""
        self.note_effect("module_volatile", None)

    def _module_volatile(self, _: object) -> None:
        self.volatile_globals |= {self.global_key(name) for name in self.scopes.module.bound}

    def note_global_binding(self, name: str, value: AbstractValue) -> None:
        """The document's module variable ``name`` was bound to ``value`` (another module's
        bindings are kept in the store only)."""
        if self.frame.module is None:
            self.note_effect("global_binding", (name, value))

    def _global_binding(self, binding: tuple[str, AbstractValue]) -> None:
        name, value = binding
        old = self.global_history.get(name)
        self.global_history[name] = value if old is None else old.join(value)

    def note_assignment_target(self, target: ast.AST) -> None:
        if self.footprints:
            self.footprints[-1].targets[id(target)] = target
        self.assignment_targets[id(target)] = target

    def note_internal_error(self, node: ast.AST, error: Exception) -> None:
        """Record that ``error`` made the analysis skip the unit of code starting at ``node``."""
        description = f"{type(error).__name__}: {error}"
        if len(description) > MAX_INTERNAL_ERROR_DESCRIPTION:
            description = description[: MAX_INTERNAL_ERROR_DESCRIPTION - 1] + "…"
        position = self.fixed_span_of(node).start if hasattr(node, "lineno") else Position(0, 0)
        self.note_effect("internal_error", InternalError(position, description))

    def _internal_error(self, error: InternalError) -> None:
        if error not in self.internal_errors and len(self.internal_errors) < MAX_INTERNAL_ERRORS:
            self.internal_errors.append(error)
