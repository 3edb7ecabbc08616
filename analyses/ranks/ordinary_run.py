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
- the document's ``__name__`` is ``"__main__"`` (an unknown str in the ordinary run);
- reports of uncertain failures are dropped (certain mode): that changes no value, and a loop's
  reporting pass then runs only where the ordinary one ran too;
- the projections run the functions the body did not call only within a share of the budget,
  and stop where the budget runs out (they then report nothing).

The two projections differ from each other only where the rank is read (``PROJECTED_RANK``).
So when the ordinary run completed (no budget stop: a rank read after the stop was never seen;
no internal error), never asked the question, and the document's text names neither
``"__main__"`` nor ``__name__`` (but as an attribute, ``type(x).__name__``, and as the argument
of ``logging.getLogger``, which no model reads), each projection runs exactly the ordinary run
(the same paths and values, in the module body, the imported bodies and the functions analysed
alone; in "possible" mode a subset of its loops' reporting passes): the two are identical, no
condition decides differently, no collective, file operation or unbound name is one-sided, and
a certain failure of a projection is a certain failure of the ordinary run (no
``rank-unbound-name``). The one rank report needing no difference between the sides, a
directory every rank creates (``file_divergence``), is kept by projecting any document that
creates one.

Over-approximated (projections run where they would find nothing): a document naming
``"__main__"`` or ``__name__`` anywhere else (a comment, a string, ``if __name__ ==
"__main__":`` of a script); a run that asked for the world size only. Assumed: the document's
name reaches a decision only through code naming it (not ``getattr(module, "__na" + "me__")``).
"""

from __future__ import annotations

import ast

from ..interpreter import Interpretation
from ..text import SourceText
from .file_operations import ImportNames, Operation, file_operations

MAIN_NAME = "__main__"
NAME = "__name__"
UNREAD_NAME_USES = frozenset({"logging.getLogger"})
"""Calls whose argument ``__name__`` no model reads (the logger is unknown either way)."""


def projections_find_nothing(
    tree: ast.Module, text: SourceText, ordinary: Interpretation | None
) -> bool:
    """Whether ``ordinary`` (the document's ordinary interpretation, None when there is none)
    shows that both projections would run as it ran and report nothing (see the module
    docstring)."""
    if (
        ordinary is None
        or ordinary.budget_exceeded
        or ordinary.internal_errors
        or ordinary.projection_reads
        or MAIN_NAME in text.text
    ):
        return False
    names = ImportNames(tree)
    return not _may_read_its_name(tree, text, names) and not _creates_directories(tree, names)


def _may_read_its_name(tree: ast.Module, text: SourceText, names: ImportNames) -> bool:
    """Whether the text names ``__name__`` anywhere but as an attribute or a logger's name."""
    mentions = text.text.count(NAME)
    if not mentions:
        return False
    harmless = sum(1 for node in ast.walk(tree) if _names_it_harmlessly(node, names))
    return mentions > harmless


def _names_it_harmlessly(node: ast.AST, names: ImportNames) -> bool:
    """``x.__name__``, or ``logging.getLogger(__name__)``."""
    if isinstance(node, ast.Attribute):
        return node.attr == NAME
    return (
        isinstance(node, ast.Call)
        and not node.keywords
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Name)
        and node.args[0].id == NAME
        and names.dotted(node.func) in UNREAD_NAME_USES
    )


def _creates_directories(tree: ast.Module, names: ImportNames) -> bool:
    """Whether the document calls ``os.mkdir``/``os.makedirs`` as ``file_divergence`` reports."""
    return any(
        operation.operation is Operation.CREATE_DIRECTORY
        for operation in file_operations(tree, names)
    )
