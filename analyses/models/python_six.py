"""The model of the ``six`` compatibility module: only ``six.PY2`` (False) and ``six.PY3`` (True)
are modelled, everything else is ⊤.

tensorls analyses code as CPython 3 runs it, so a branch under ``if six.PY2:`` never runs and one
under ``six.PY3`` always does (``elif six.PY2: ... unicode(text)`` is dead code, not a certain
``NameError``). Submodules (``six.moves``) stay unknown.
"""

from __future__ import annotations

from ..domains.bools import FALSE, TRUE
from ..interpreter.natives import NativeModule, register_module_model


def six_module() -> NativeModule:
    """The ``six`` module model."""
    return NativeModule("six", {"PY2": FALSE, "PY3": TRUE})


def register() -> None:
    register_module_model("six", six_module)
