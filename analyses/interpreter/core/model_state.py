"""Model state: values a library model keeps in the abstract store beside the program's own.

A model (the Horovod one records the collective operations reached) may need a value that follows
control flow exactly like a module variable: copied at branches, joined at merges, widened in
loops, carried through calls and their summaries. ``ModelStateHost`` stores such a value in the
module environment under the key ``(MODEL_STATE, name)``, which no program name can equal, and
records the model state at every end of the program: the end of the module body, each
``sys.exit()`` and each exception no handler can observe, reached while the module body runs (not while functions nobody called are analysed
with unknown arguments: those runs are no execution of the program).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from ...domains.base import AbstractValue
from ...facts import Span
from .state import MaybeUnbound, State, Unbound

MODEL_STATE = "<model state>"
"""The first item of every model-state key in the module environment."""
PROJECTED_RANK = "projected rank"
"""The model state holding the rank a rank projection runs as (``AnalysisSettings.rank``), set
when the module body starts: a model whose result depends on the rank reads it there, so that a
call summary made in one projection is never replayed in the other when they share a memo."""

ModelStates = Mapping[Hashable, AbstractValue]


@dataclass(frozen=True)
class ProgramEnd:
    """The models' state at one end of the program; ``crashed`` when the end is an exception no
    handler observes (not ``sys.exit``, not the end of the module body)."""

    states: ModelStates
    crashed: bool = False


def model_states_of(state: State | None) -> dict[Hashable, AbstractValue]:
    """The model-state values of ``state`` by name (empty for the unreachable store)."""
    if state is None:
        return {}
    return {
        key[1]: value
        for key, value in state.globals.items()
        if isinstance(key, tuple) and len(key) == 2 and key[0] == MODEL_STATE
    }


def model_state_value(value: AbstractValue | None, initial: AbstractValue) -> AbstractValue:
    """A stored model-state value as the model sees it (see ``ModelStateHost.model_state``)."""
    if value is None or isinstance(value, Unbound):
        return initial
    if isinstance(value, MaybeUnbound):
        return initial.join(value.value)
    return value


class ModelStateHost:
    """The model-state part of the interpreter (mixed into the machine)."""

    exiting = False
    """True while ``sys.exit`` raises (its end is already kept)."""
    projection_reads = 0
    """How many times a model asked the ordinary analysis which rank it projects onto
    (``note_projection_read``)."""
    program_ends: list[ProgramEnd]
    """The ends the module body's run reached: each ``sys.exit()`` and each exception no handler
    observes, in order."""

    def model_state(self, name: Hashable, initial: AbstractValue) -> AbstractValue:
        """The model-state value ``name`` on the current path: ``initial`` where it was never
        set, joined with ``initial`` where it was set on some paths only."""
        value = self.global_value((MODEL_STATE, name))  # type: ignore[attr-defined]
        return model_state_value(value, initial)

    def set_model_state(self, name: Hashable, value: AbstractValue) -> None:
        """Set the model-state value ``name`` on the current path."""
        key = (MODEL_STATE, name)
        if self.footprints:  # type: ignore[attr-defined]
            self.touch_global(key)  # type: ignore[attr-defined]
        self.live.write(key, value, local=False)  # type: ignore[attr-defined]

    def exit_program(self) -> None:
        """The program ends here (``sys.exit``): keep the model state, then leave by raising
        (kept even where a handler could observe the ``SystemExit``: handlers catching it are
        rare)."""
        self.note_program_end(crashed=False)
        self.exiting = True
        try:
            self.raise_here()  # type: ignore[attr-defined]
        finally:
            self.exiting = False

    def caller_spans(self) -> tuple[Span, ...]:
        """The call sites leading from the module body to the running code, outermost first
        (fixed spans: collective traces keep them in sets, see ``anchored_spans``)."""
        return tuple(self.site_span_of(site, True) for site, _ in self.reporter.call_sites)  # type: ignore[attr-defined]

    def note_program_end(self, crashed: bool) -> None:
        """Keep the current model state as one end of the program."""
        if self.state is not None:  # type: ignore[attr-defined]
            self.note_effect("program_end", ProgramEnd(model_states_of(self.state), crashed))  # type: ignore[attr-defined]

    def _program_end(self, end: ProgramEnd) -> None:
        if not getattr(self, "module_body_finished", False):
            self.program_ends.append(end)

    def note_projection_read(self) -> None:
        """A model asked which rank the analysis projects onto (``CallContext.rank_projection``):
        every model whose result differs between the ordinary analysis and a rank projection (a
        rank, the world size, ``dist.is_available()``, a collective's trace...) asks. Counted in
        the ordinary analysis as a journaled effect, so that a replayed call summary, module body
        summary or checkpoint counts it as the run it summarises did (``ranks.checks`` skips the
        projections of a run that never asked)."""
        self.note_effect("projection_read", None)  # type: ignore[attr-defined]

    def _projection_read(self, _: object) -> None:
        self.projection_reads += 1
