"""The abstract interpreter: runs a module's ``ast`` over abstract values.

``interpret(source_or_tree, settings)`` analyses one module and returns an ``Interpretation``:
diagnostics, the joined abstract value of every expression reached (keyed by the node's
``(lineno, col_offset, end_lineno, end_col_offset)``), hover facts and inlay hints. Library models
extend the interpreter through ``tensorls.analyses.interpreter.natives``.

Where things live (each subpackage's docstring says what it owns):

- ``core``: the machine (frames, the store, completions, reporting, scope tables, reachability,
  the models' state, recorded hover facts);
- ``semantics``: Python's semantics, statements, expressions, calls, the object model, builtins,
  operators, loops, exceptions, generators;
- ``incremental``: call summaries, checkpoints, anchored spans, provenance and import reads,
  which make re-analysis after an edit cheap and never change a result;
- ``modules``: the project's own modules, run in the same machine and heap (docs/modules.md);
- ``budget``: time, memory and cancellation;
- ``natives``: the API library models use (``analyses/models``).
"""

from __future__ import annotations

import ast
import contextlib
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from ..domains.base import TOP, AbstractValue
from ..domains.containers import DictValue
from ..domains.functions import FunctionValue
from ..domains.numbers import IntValue
from ..domains.sequences import TupleValue
from ..domains.strings import StrValue
from ..facts import (
    AnalysisSettings,
    BudgetStop,
    Diagnostic,
    InlayHintFact,
    InternalError,
    Severity,
    Span,
)
from ..progress import ProgressClock
from ..text import SourceText
from .budget import Budget, BudgetExceeded
from .core.hovers import InlayHints, NodeKey, RecordedFacts
from .core.machine import Frame, Raised
from .core.model_state import (
    MODEL_STATE,
    PROJECTED_RANK,
    ModelStateHost,
    ProgramEnd,
    model_states_of,
)
from .core.scopes import ScopeTable
from .core.state import MaybeUnbound, State
from .incremental.anchored_spans import reading_positions
from .incremental.checkpoints import CheckpointRules, Checkpoints
from .incremental.memo import CallMemo
from .modules.imports import Importer, importing_for
from .modules.module_code import MODULES
from .semantics.escapes import EscapeRules
from .semantics.generators import GeneratorRules
from .semantics.names import NameRules

__all__ = ["Interpretation", "interpret"]

_models_loaded = False
GARBAGE_THRESHOLD = 128
"""Heap size above which unreachable objects are dropped between module-level statements; after a
collection the threshold becomes twice what survived (so a large live heap is not traversed after
every statement)."""


def load_models() -> None:
    """Import the library models package once (it registers its module models on import).

    A models package that is missing or fails to import leaves every library a ⊤ module.
    """
    global _models_loaded
    if _models_loaded:
        return
    _models_loaded = True
    with contextlib.suppress(ImportError):
        importlib.import_module("tensorls.analyses.models")


@dataclass(frozen=True)
class Interpretation:
    """What one interpretation of a module found (hover facts derived on first use)."""

    diagnostics: tuple[Diagnostic, ...]
    hovers: RecordedFacts
    budget_exceeded: bool
    budget_stop: BudgetStop | None = None
    """Where the run stopped for a limit (the ``analysis-budget`` diagnostic), else None."""
    internal_errors: tuple[InternalError, ...] = ()
    """Internal exceptions the interpreter survived, first few: each made one annotation, statement
    or function ⊤; one raised outside them stopped the run there (what it found so far is kept)."""
    program_ends: tuple[ProgramEnd, ...] = ()
    """The models' state at each end of the program the module body's run reached: its normal end
    (when reachable) first, then each ``sys.exit()`` (see ``interpreter.model_state``); empty when
    the budget ran out."""
    module_values: Mapping[int, AbstractValue] = field(default_factory=dict)
    """In a rank projection, the joined value of every node of the imported project modules'
    code the run reached, by ``id(node)`` (the nodes of the ``ModuleCode`` the projection's
    workspace keeps); empty otherwise."""
    uncalled_values: Mapping[int, AbstractValue] = field(default_factory=dict)
    """In a rank projection, the joined value of the document's nodes in the functions its body
    did not call, analysed with unknown arguments after it (by ``id(node)``; not part of the
    run: only their conditions are asked about); empty otherwise."""
    unknown_globals: frozenset[str] = frozenset()
    """Module variables code the analysis cannot follow may have rebound during the run (a write
    through ``globals()`` with a computed key, ``exec``...): read as unknown from then on."""
    projection_reads: int = 0
    """How many times a model asked the ordinary analysis which rank it projects onto
    (``ModelStateHost.note_projection_read``), in the module body's run (imported bodies and
    replayed summaries included) and in the functions analysed alone; 0 in a projection."""

    @property
    def expression_values(self) -> Mapping[NodeKey, AbstractValue]:
        """The joined abstract value of every expression reached, keyed by ``node_key``."""
        return self.hovers.values

    @property
    def inlay_hints(self) -> Sequence[InlayHintFact]:
        return InlayHints(self.hovers)


class Machine(GeneratorRules, CheckpointRules, ModelStateHost, NameRules, EscapeRules):
    """The complete interpreter for one module."""

    def __init__(
        self,
        tree: ast.Module,
        text: SourceText,
        settings: AnalysisSettings,
        should_stop: Callable[[], bool] | None = None,
        memo: CallMemo | None = None,
        scopes: ScopeTable | None = None,
        budget: Budget | None = None,
        checkpoints: Checkpoints | None = None,
    ) -> None:
        super().__init__(tree, text, settings, should_stop, memo, scopes, budget)
        self.checkpoints = checkpoints
        self.budget_exceeded = False
        self.budget_stop: BudgetStop | None = None
        self.current_statement: ast.stmt | None = None
        self.top_analysed: set[int] = set()
        self.module_body_finished = False
        self.not_analysed_alone: list[FunctionValue] = []
        """Once the module body finished: the functions its run did not call that were still to
        be analysed on their own when the budget ran out (the one being analysed first)."""
        self.program_ends = []
        self.body_end: State | None = None
        self.uncalled_values: dict[int, AbstractValue] = {}
        """In a rank projection, the values recorded while analysing the functions the body did
        not call (``decide_uncalled_conditions``), by ``id(node)``."""
        self.loader_names: frozenset[str] = frozenset()
        """Names the tool that runs this file defines before its body runs, each ⊤ (see
        ``analyses.loader_conventions``)."""
        self.progress: ProgressClock | None = None
        """Given the diagnostics found so far while the run goes on (``analyses.progress``)."""

    def run(self) -> None:
        state = self.live
        for name, value in (
            ("__name__", StrValue(self._known_name())),
            ("__file__", StrValue(None)),
            ("__doc__", TOP),
        ):
            state.write(name, value, local=False)
        for name in ("__spec__", "__loader__", "__package__", "__builtins__", "__annotations__"):
            state.write(name, TOP, local=False)
        for name in sorted(self.loader_names):
            state.write(name, TOP, local=False)
        if self.settings.rank is not None:
            state.write(
                (MODEL_STATE, PROJECTED_RANK), IntValue.constant_of(self.settings.rank), local=False
            )
        try:
            restored = self.resume(GARBAGE_THRESHOLD)
            final, threshold = restored.final, restored.threshold
            for statement in self.tree.body[restored.start :]:
                if self.state is None:
                    break
                self.current_statement = statement
                recording = self.start_checkpoint()
                try:
                    flow = self.exec_statement(statement)
                except BaseException:
                    if recording is not None:
                        self.stop_checkpoint(recording)
                    raise
                self.state = flow.normal
                if self.state is not None and len(self.state.heap) > threshold:
                    self.collect_garbage()
                    threshold = max(GARBAGE_THRESHOLD, 2 * len(self.state.heap))
                if recording is not None:
                    self.take_checkpoint(recording, statement, threshold, final)
                if self.state is not None:
                    final = self.state
            if self.checkpoints is not None:
                self.checkpoints.thin()
            self.module_body_finished = True
            self.body_end = self.state
            if self.settings.rank is None:
                self.analyse_uncalled(final)
            else:
                self.decide_uncalled_conditions(final)
        except BudgetExceeded as exceeded:
            self.budget_exceeded = True
            self.report_budget(exceeded.what)

    def report_progress(self, now: float) -> None:
        """Give ``progress`` the diagnostics so far if a report is due at CPU time ``now``: the
        reporter only ever adds diagnostics outside a rank projection (``analyses.progress``)."""
        progress = self.progress
        if progress is None or not progress.due(now, self.reporter.mark()):
            return
        statement = self.current_statement
        if self.module_body_finished:
            line = progress.lines
        else:
            line = statement.lineno if statement is not None else 1
        progress.report(line, self.reporter.diagnostics())

    def _known_name(self) -> str | None:
        """``__name__``: ``"__main__"`` for a rank projection, else unknown."""
        return None if self.settings.rank is None else "__main__"

    def report_budget(self, what: str) -> None:
        """One information diagnostic saying where the analysis stopped and what it skipped."""
        limit = {
            "time": f"time budget of {self.settings.time_budget_ms} ms exceeded",
            "memory": f"memory budget of {self.settings.memory_budget_mb} MB exceeded",
            "depth": "code nested too deeply for the analysis",
        }.get(what, "cancelled")
        if self.module_body_finished:
            anchor: ast.AST = (
                self.not_analysed_alone[0].node if self.not_analysed_alone else self.tree
            )
            message = f"analysis stopped ({limit}) after the module body; " + (
                _skipped_functions(self.not_analysed_alone)
                if self.not_analysed_alone
                else "every function was analysed"
            )
        else:
            anchor = self.current_statement if self.current_statement is not None else self.tree
            message = (
                f"analysis stopped here ({limit}): this statement and the rest of the module are"
                " not analysed, nor the functions they define or call"
            )
        span = self.span_of(anchor) if anchor is not self.tree else Span.of(0, 0, 0, 0)
        self.budget_stop = BudgetStop(what, span.start, self.module_body_finished, self.memo.made)
        self.reporter.add(
            Diagnostic(
                span=Span(span.start, span.start),
                severity=Severity.INFORMATION,
                code="analysis-budget",
                message=message,
            )
        )

    def decide_uncalled_conditions(self, final: State | None) -> None:
        """In a rank projection, once the body ran: analyse the functions it did not call as
        ``analyse_uncalled`` does, only to know their conditions (``uncalled_values``), none of
        it part of the run (its recorded values, reports, ends and trace are the body's). Done
        only while at most ``UNCALLED_SHARE`` of the time budget is spent, and stopped where the
        budget runs out (the run stays complete)."""
        if self.budget.spent_fraction() > UNCALLED_SHARE:
            return
        values, nodes, volatile = self.values, self.nodes, set(self.volatile_globals)
        self.values, self.nodes = self.uncalled_values, {}
        reports = self.reporter.mark()
        try:
            self.analyse_uncalled(final)
        except BudgetExceeded:
            pass
        finally:
            self.values, self.nodes, self.volatile_globals = values, nodes, volatile
            self.reporter.drop_since(reports)

    def analyse_uncalled(self, final: State | None) -> None:
        """Analyse, with unknown arguments, every function never analysed at a call, or escaped
        (not in a rank projection: it asks what one rank's run of the script reaches).

        The document's module variables are the join of every value they were bound to, or ⊤ when a function
        rebinds them through ``global`` or the module is dynamic (``setattr`` on the module,
        ``globals()``, ``exec``...: any of them may have been rebound). Functions that escaped to unknown code, and special
        methods, are analysed without reporting: their unknown caller may catch what they raise.
        The imported project modules and their variables are as the body left them.
        """
        heap = dict(final.heap) if final is not None else {}
        globals_: dict[object, AbstractValue] = (
            {
                key: value
                for key, value in final.globals.items()
                if not isinstance(key, str) or key == MODULES
            }
            if final is not None
            else {}
        )
        rebound = self.scopes.module_bindable() - self.scopes.module.bound
        for name in self.scopes.module_bindable():
            history = self.global_history.get(name)
            if (
                history is None
                or self.scopes.module.dynamic
                or name in rebound
                or self.scopes.rebound_by_functions(name)
            ):
                globals_[name] = MaybeUnbound(TOP)
            else:
                globals_[name] = history
        for name in ("__name__", "__file__", "__doc__", "__spec__", "__loader__", "__package__"):
            globals_[name] = TOP
        for name in self.loader_names:
            globals_[name] = TOP
        while True:
            pending = [
                function
                for key, function in self.functions_seen.items()
                if key not in self.top_analysed
                and key in self.document_scopes.by_node
                and (
                    key not in self.functions_analysed
                    or key in self.functions_escaped
                    or _implicitly_called(function.name)
                )
            ]
            if not pending:
                self.not_analysed_alone = []
                return
            for position, function in enumerate(pending):
                self.not_analysed_alone = pending[position:]
                self.top_analysed.add(id(function.node))
                self.current_statement = None
                self.state = State(globals_, None, heap)
                self.frame = Frame(self.document_scopes.module)
                self.scope = self.document_scopes.module
                self.call_stack = []
                self.reporter.call_sites = []
                bindings = self.unknown_arguments(function.node)
                quiet = id(function.node) in self.functions_escaped or _implicitly_called(
                    function.name
                )
                if quiet:
                    self.reporter.swallowing += 1
                try:
                    self.run_function(function, bindings, None)
                except Raised:
                    pass
                except BudgetExceeded:
                    raise
                except Exception as error:
                    self.note_internal_error(function.node, error)
                    self.state = None
                finally:
                    if quiet:
                        self.reporter.swallowing -= 1
                if self.state is not None:
                    heap = self.state.heap

    def unknown_arguments(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    ) -> dict[str, AbstractValue]:
        arguments = node.args
        bindings: dict[str, AbstractValue] = {
            a.arg: TOP for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
        }
        if arguments.vararg is not None:
            bindings[arguments.vararg.arg] = TupleValue.summary(TOP)
        if arguments.kwarg is not None:
            bindings[arguments.kwarg.arg] = self.allocate(
                node, DictValue((), False, StrValue(None), TOP)
            )
        return bindings


MAX_NAMED_FUNCTIONS = 5
UNCALLED_SHARE = 0.25
"""The share of the time budget past which a rank projection no longer analyses the functions
its body did not call (the other projection and the comparison need the rest)."""


def _skipped_functions(functions: Sequence[FunctionValue]) -> str:
    """``function 'f' (line 3) ...`` naming the functions not analysed on their own."""
    named = [
        f"'{function.name}' (line {function.node.lineno})"
        for function in functions[:MAX_NAMED_FUNCTIONS]
    ]
    more = len(functions) - len(named)
    listed = ", ".join(named) + (f" and {more} more" if more else "")
    return (
        "these functions, which it did not call, are not (fully) analysed with unknown"
        f" arguments: {listed}"
    )


def _implicitly_called(name: str) -> bool:
    """Special methods that builtins may call behind the analysis's back (``__eq__`` from a set,
    ``__add__`` from ``sum``, ``__lt__`` from ``sorted``...): also analysed with unknown arguments."""
    return (
        name.startswith("__")
        and name.endswith("__")
        and name not in ("__init__", "__init_subclass__")
    )


def _document_records(
    machine: Machine, tree: ast.Module
) -> tuple[dict[int, AbstractValue], dict[int, ast.AST], Mapping[int, AbstractValue]]:
    """The values and nodes recorded for the document's own nodes, and (a rank projection
    records them too) those of the imported modules' nodes."""
    if machine.settings.rank is None or len(machine.nodes) == 0:
        return machine.values, machine.nodes, MappingProxyType({})
    document = {id(node) for node in ast.walk(tree)}
    if document.issuperset(machine.nodes):
        return machine.values, machine.nodes, MappingProxyType({})
    values: dict[int, AbstractValue] = {}
    nodes: dict[int, ast.AST] = {}
    others: dict[int, AbstractValue] = {}
    for key, value in machine.values.items():
        if key in document:
            values[key] = value
            nodes[key] = machine.nodes[key]
        else:
            others[key] = value
    return values, nodes, MappingProxyType(others)


def interpret(
    source_or_tree: str | ast.Module,
    settings: AnalysisSettings,
    text: SourceText | None = None,
    should_stop: Callable[[], bool] | None = None,
    *,
    memo: CallMemo | None = None,
    scopes: ScopeTable | None = None,
    budget: Budget | None = None,
    importer: Importer | None = None,
    checkpoints: Checkpoints | None = None,
    loader_names: frozenset[str] = frozenset(),
    progress: ProgressClock | None = None,
) -> Interpretation:
    """Analyse one module. Never raises for a parsed module: an internal error makes the
    annotation, statement or function where it happened ⊤ and is recorded with its position;
    one outside them stops the run there, keeping what was found so far.

    ``memo`` carries call summaries from earlier analyses of the same document and ``scopes`` its
    scope table when the caller already built it (see ``tensorls.analyses.incremental``); the
    result is the same with or without them. ``budget``, when given, is the budget of a larger
    analysis this interpretation is part of (already running); by default a fresh one.

    A source string that does not parse raises ``SyntaxError`` (callers report it). ``text``
    gives column conversions (default: the source, or the unparsed tree). ``should_stop`` is polled
    every few dozen operations; when it returns True the analysis stops as if over budget.
    ``importer`` resolves imports of the project's own modules (see ``imports``); without one,
    only library models are imported. ``checkpoints`` holds the module body's run between
    top-level statements from earlier analyses of the same document (see ``checkpoints``); the
    result is the same with or without them. ``loader_names``: names the tool running the module
    defines before its body runs (``analyses.loader_conventions``), bound to ⊤.
    ``progress`` is asked whenever the budget reads the clocks (every few dozen operations)
    whether a report is due, and given the diagnostics so far when it is (``analyses.progress``;
    never in a rank projection, whose reporter forgets reports).
    """
    load_models()
    if isinstance(source_or_tree, str):
        tree = ast.parse(source_or_tree)
        text = text or SourceText(source_or_tree)
    else:
        tree = source_or_tree
        text = text or SourceText(ast.unparse(tree))
    machine = Machine(tree, text, settings, should_stop, memo, scopes, budget, checkpoints)
    machine.loader_names = loader_names
    machine.progress = progress if settings.rank is None else None
    if machine.progress is not None:
        machine.budget.on_clock_read(machine.report_progress)
    finished = False
    try:
        with importing_for(importer), reading_positions(machine.note_absolute_position):
            machine.run()
        finished = not machine.budget_exceeded
    except RecursionError:
        machine.budget_exceeded = True
        machine.report_budget("depth")
    except Exception as error:
        machine.note_internal_error(machine.current_statement or tree, error)
    if machine.progress is not None:
        machine.budget.on_clock_read(None)
    if finished:
        machine.memo.finish()
    values, nodes, module_values = _document_records(machine, tree)
    interpretation = Interpretation(
        diagnostics=machine.reporter.diagnostics(),
        hovers=RecordedFacts(
            values, nodes, machine.assignment_targets, text, machine.memo.positions
        ),
        module_values=module_values,
        uncalled_values=machine.uncalled_values,
        budget_exceeded=machine.budget_exceeded,
        budget_stop=machine.budget_stop,
        internal_errors=tuple(machine.internal_errors),
        program_ends=()
        if not finished
        else (
            *(
                (ProgramEnd(model_states_of(machine.body_end)),)
                if machine.body_end is not None
                else ()
            ),
            *machine.program_ends,
        ),
        unknown_globals=frozenset(
            name for name in machine.volatile_globals if isinstance(name, str)
        ),
        projection_reads=machine.projection_reads,
    )
    _release(machine)
    return interpretation


def _release(machine: Machine) -> None:
    """Drop what ``machine`` holds once its ``Interpretation`` is built (nothing refers to the
    machine after that). The machine sits in reference cycles (its reporter holds its bound
    ``span_of``; closures and model call contexts made during the run hold it), so without this
    its stores, recorded values and call footprints stay allocated until the next full
    collection of the cyclic garbage collector, and every collection until then traverses them.
    """
    vars(machine).clear()
