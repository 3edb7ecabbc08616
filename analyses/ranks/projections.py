"""Running the module as rank 0 and as a rank r >= 1 (the two rank projections).

A projection is an ordinary interpretation with ``AnalysisSettings.rank`` set: the distribution
models then give ``hvd.rank()`` the value 0 or an int >= 1 and ``hvd.size()`` an int >= 2, and
record the collective trace (``models.horovod.trace``). Each projection covers every execution of
that rank in every run of two or more processes; a condition whose value is a constant in one
projection holds on every execution of that rank. Projections run only for modules that import a
distribution library (``uses_distribution``), in ``certain`` mode, with a call memo of their own
(shared by the two projections: the second replays the calls that do not depend on the rank) and
the budget of the whole analysis.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

from ..domains.base import AbstractValue
from ..domains.bools import BoolValue
from ..domains.numbers import IntValue
from ..facts import AnalysisSettings
from ..interpreter import Interpretation, interpret
from ..interpreter.budget import Budget
from ..interpreter.core.hovers import NodeKey
from ..interpreter.core.model_state import model_state_value
from ..interpreter.core.scopes import ScopeTable
from ..interpreter.incremental.memo import CallMemo
from ..interpreter.modules.imports import Importer, ModuleRecord, importer_for
from ..interpreter.modules.module_code import ModuleCode
from ..models.horovod.trace import TRACE, CollectiveTrace
from ..text import SourceText
from ..workspace import Workspace

DISTRIBUTION_MODULES = (
    "horovod",
    "torch.distributed",
    "accelerate",
    "lightning.fabric",
    "lightning_fabric",
    "lightning",
)
RANK_ZERO, OTHER_RANK = 0, 1
"""The two projections: rank 0, and any rank r >= 1."""


RANK_SOURCE_MARKERS = ("rank", "RANK", "main_process", "process_index", "is_global_zero")
"""Text every rank source's name contains (``rank``, ``local_rank``, ``cross_rank``,
``get_rank``, the launcher's variables ``RANK`` and ``LOCAL_RANK`` in ``os.environ``,
Accelerate's ``is_main_process``/``is_local_main_process``/``process_index``, Fabric's
``global_rank``/``is_global_zero``)."""


def has_rank_source(source: str) -> bool:
    """Whether the module may read the rank. Without a rank source both projections run the
    same (only ``rank()``, ``local_rank()``, ``cross_rank()`` and the launcher's rank variables
    differ between them), so there is nothing to compare and no condition any rank decides
    differently."""
    return any(marker in source for marker in RANK_SOURCE_MARKERS)


def uses_distribution(tree: ast.Module) -> bool:
    """Whether the module imports Horovod, ``torch.distributed``, Accelerate or Lightning (only
    those are projected)."""
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        if any(
            name == module or name.startswith(module + ".")
            for name in names
            for module in DISTRIBUTION_MODULES
        ):
            return True
    return False


@dataclass(frozen=True)
class Projection:
    """One rank's interpretation of the module."""

    rank: int
    interpretation: Interpretation
    modules: tuple[ModuleCode, ...] = ()
    """The project modules the run imported (their code, whose nodes ``module_value`` asks
    about), in path order."""

    @property
    def complete(self) -> bool:
        return not self.interpretation.budget_exceeded

    def final_trace(self) -> CollectiveTrace | None:
        """The join of the traces at every end of the program (None when no end is reached)."""
        joined: CollectiveTrace | None = None
        for end in self.interpretation.program_ends:
            trace = model_state_value(end.states.get(TRACE), CollectiveTrace())
            if not isinstance(trace, CollectiveTrace):
                return None
            current = trace
            if joined is None:
                joined = current
            else:
                merged = joined.join(current)
                if not isinstance(merged, CollectiveTrace):
                    return None
                joined = merged
        return joined

    @property
    def may_crash(self) -> bool:
        """Whether some end of the program is an exception no handler observes."""
        return any(end.crashed for end in self.interpretation.program_ends)

    @property
    def certainly_crashes(self) -> bool:
        """Whether every end of the program is an exception no handler observes (the ends
        over-approximate the runs: no run of this rank completes)."""
        ends = self.interpretation.program_ends
        return bool(ends) and all(end.crashed for end in ends)

    def value(self, key: NodeKey) -> AbstractValue | None:
        return self.interpretation.expression_values.get(key)

    def module_value(self, node: ast.AST) -> AbstractValue | None:
        """The joined value of a node of an imported module's code, None where not reached."""
        return self.interpretation.module_values.get(id(node))


def project(
    tree: ast.Module,
    text: SourceText,
    settings: AnalysisSettings,
    rank: int,
    budget: Budget | None = None,
    memo: CallMemo | None = None,
    scopes: ScopeTable | None = None,
    loader_names: frozenset[str] = frozenset(),
    workspace: Workspace | None = None,
    path: str | None = None,
) -> Projection:
    """Interpret ``tree`` as rank ``rank`` (0, or 1 for any rank >= 1). ``memo``, shared by the
    two projections of one analysis, lets the second replay the first one's call summaries:
    a call depending on the rank reads the ``PROJECTED_RANK`` model state, which differs between
    them, so only calls that run the same on every rank are replayed. ``scopes``: the module's
    scope table when the caller has it; ``loader_names``: see ``interpret``. With
    ``workspace`` and the analysis's ``budget`` (the document at ``path``), the project modules
    it imports run in the projection as that rank runs them (``Workspace.for_projections``)."""
    projected = replace(projection_settings(settings), rank=rank)
    importer = None
    if workspace is not None and budget is not None:
        importer = importer_for(workspace.for_projections(), projected, budget, path)
    interpretation = interpret(
        tree,
        projected,
        text,
        budget=budget,
        memo=memo,
        scopes=scopes,
        importer=importer,
        loader_names=loader_names,
    )
    return Projection(rank, interpretation, imported_modules(importer))


def imported_modules(importer: Importer | None) -> tuple[ModuleCode, ...]:
    """The code of the project modules an analysis imported (that parsed), in path order."""
    if importer is None:
        return ()
    modules: list[ModuleCode] = []
    for used in sorted(importer.session.used):
        record = importer.session.workspace.summaries.get(used)
        if isinstance(record, ModuleRecord) and record.code is not None:
            modules.append(record.code)
    return tuple(modules)


def projection_settings(settings: AnalysisSettings) -> AnalysisSettings:
    """The settings of the projections of an analysis under ``settings`` (those of rank 0; the
    other ranks' differ only in ``rank``, which their shared memo tells apart by the
    ``PROJECTED_RANK`` model state)."""
    return replace(settings, rank=RANK_ZERO, mode="certain")


def constant_truth(value: AbstractValue | None) -> bool | None:
    """The truth of a condition's recorded value when it is certain (bools and ints)."""
    if isinstance(value, BoolValue):
        return value.value
    if isinstance(value, IntValue):
        if value.constant is not None:
            return value.constant != 0
        if (value.low is not None and value.low > 0) or (value.high is not None and value.high < 0):
            return True
    return None


def certainly_different(left: AbstractValue | None, right: AbstractValue | None) -> bool:
    """Whether two projections' values of one expression certainly differ (bools or ints)."""
    if isinstance(left, BoolValue) and isinstance(right, BoolValue):
        return left.value is not None and right.value is not None and left.value != right.value
    if isinstance(left, IntValue) and isinstance(right, IntValue):
        return (left.high is not None and right.low is not None and left.high < right.low) or (
            right.high is not None and left.low is not None and right.high < left.low
        )
    return False
