"""Each rank's view of a distributed script: the code actions "Show the script as rank 0 runs it"
and "... as the other ranks run it", and the command they run (``SHOW_RANK_PROGRAM``), whose result
is the projected program as text (``tensorls.analyses.ranks.program_text``).

A client runs the command through ``workspace/executeCommand`` with the arguments
``[uri, rank]`` and gets the text. So that choosing the action shows something in any editor
without client code, the server also writes the text to a file in a private folder of the user
under the system's temporary folder (never beside the document, see :mod:`server.private_files`)
and asks a client that supports
``window/showDocument`` (VS Code, Neovim 0.11) to open it. The actions are offered only for
documents that mention Horovod or ``torch.distributed``; the projection runs when the command is
executed, never when listing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types

from .documents import DocumentState
from .private_files import write_private_file

SHOW_RANK_PROGRAM = "tensorls.showRankProgram"
MARKERS = ("horovod", "torch.distributed")
PROGRAMS_FOLDER = "tensorls-rank-programs"
TITLES = {0: "Show the script as rank 0 runs it", 1: "Show the script as rank 1 runs it"}


def list_actions(state: DocumentState, only: Sequence[str] | None) -> list[types.CodeAction]:
    """The two "show the script as rank R runs it" actions, when the document is distributed."""
    if only is not None and not any(
        types.CodeActionKind.Source.startswith(kind) or kind.startswith("source") for kind in only
    ):
        return []
    text = state.text.text
    if not any(marker in text for marker in MARKERS):
        return []
    return [
        types.CodeAction(
            title=title,
            kind=types.CodeActionKind.Source,
            command=types.Command(
                title=title, command=SHOW_RANK_PROGRAM, arguments=[state.uri, rank]
            ),
        )
        for rank, title in TITLES.items()
    ]


def program_of(source: str, rank: object) -> str | None:
    """The projected program, or None for a bad rank or a source that does not parse."""
    if not isinstance(rank, int) or isinstance(rank, bool) or rank < 0:
        return None
    from tensorls.analyses.ranks.program_text import projected_program  # with the interpreter

    try:
        return projected_program(source, rank)
    except (SyntaxError, ValueError, RecursionError):
        return None


def write_program(uri: str, rank: int, program: str) -> Path | None:
    """Write ``program`` as ``<stem>.rank<R>.py`` in the user's private folder for rank programs
    (``private_files``); None when it cannot be written safely."""
    stem = Path(unquote(urlparse(uri).path)).stem or "script"
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", stem)[:80]
    return write_private_file(PROGRAMS_FOLDER, f"{name}.rank{rank}.py", program)
