"""Annotated programs run under the real jaxtyping and beartype: the oracle of the contract checks.

A program's verdict is the line of the statement in the program where the run-time checker
raised (``TypeCheckError`` from jaxtyping, a ``BeartypeCallHintViolation`` from beartype), or
``None`` when it ran to the end.
"""

from __future__ import annotations

import traceback

from beartype.roar import BeartypeCallHintViolation
from jaxtyping import TypeCheckError

CHECKER_ERRORS = (TypeCheckError, BeartypeCallHintViolation)


def checker_failure(source: str, name: str) -> int | None:
    """The program line where the run-time checker raised, or ``None``; other exceptions
    propagate (a program of the oracle must not fail otherwise)."""
    try:
        exec(compile(source, name, "exec"), {"__name__": name})
    except CHECKER_ERRORS as error:
        frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == name]
        return frames[0].lineno
    return None
