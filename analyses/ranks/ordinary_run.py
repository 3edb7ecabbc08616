"""Whether the ordinary analysis's run shows that the rank projections would find nothing.

A rank projection is the ordinary interpretation with ``AnalysisSettings.rank`` set. Its run
differs from the ordinary run only where

- a library model asks which rank the analysis projects onto (``CallContext.rank_projection``):
  every rank source (``hvd.rank()``, ``dist.get_rank()``, ``os.environ["RANK"]``, Accelerate's
  ``process_index`` and ``is_main_process``, Fabric's ``global_rank``...), and every model
  whose value or effect differs between the ordinary analysis and the projections (the world
  size, ``dist.is_available()``, the collective trace, the data-parallel wrappers, Keras's
  ``fit``) goes through that question, and the ordinary run counts it
  (``Interpretation.projection_reads``, journaled, so call summaries, module body summaries and
  checkpoints replayed instead of run count it as the runs they summarise did);
- the document's ``__name__`` is ``"__main__"`` (unknown in the ordinary run);
- reports of uncertain failures are dropped (certain mode): that changes no value, and a loop's
  reporting pass then runs only where the ordinary one ran too;
- the projections run the functions the body did not call only within a share of the budget,
  and stop where the budget runs out (they then report nothing).

The two projections differ from each other only where the rank is read (``PROJECTED_RANK``).
So when the ordinary run completed (no budget stop: a rank read after the stop was never seen;
no internal error), never asked the question and the document does not name ``"__main__"``,
each projection runs exactly the ordinary run (the same paths and values, in the module body,
the imported bodies and the functions analysed alone): the two are identical, no condition
decides differently, no collective, file operation or unbound name is one-sided, and a certain
failure of a projection is a certain failure of the ordinary run (``rank-unbound-name`` is
never made). The one rank report needing no difference between the sides, a directory every
rank creates (``file_divergence``), is kept by projecting any document that creates one.

Over-approximated (projections run where they would find nothing): a document naming
``"__main__"`` anywhere (a comment, another string); a run that asked for the world size only.
"""

from __future__ import annotations

import ast

from ..interpreter import Interpretation
from ..text import SourceText
from .file_operations import ImportNames, Operation, file_operations

MAIN_NAME = "__main__"


def projections_find_nothing(
    tree: ast.Module, text: SourceText, ordinary: Interpretation | None
) -> bool:
    """Whether ``ordinary`` (the document's ordinary interpretation, None when there is none)
    shows that both projections would run as it ran and report nothing (see the module
    docstring)."""
    return (
        ordinary is not None
        and not ordinary.budget_exceeded
        and not ordinary.internal_errors
        and ordinary.projection_reads == 0
        and MAIN_NAME not in text.text
        and not _creates_directories(tree)
    )


def _creates_directories(tree: ast.Module) -> bool:
    """Whether the document calls ``os.mkdir``/``os.makedirs`` as ``file_divergence`` reports."""
    return any(
        operation.operation is Operation.CREATE_DIRECTORY
        for operation in file_operations(tree, ImportNames(tree))
    )
