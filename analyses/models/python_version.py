"""Which Python runs the program: Python 3, as every interpreter tensorls is for.

``sys.version_info`` is a tuple whose first item is 3 (the others unknown ints, its release level
an unknown string) and ``six.PY2``/``six.PY3``/``six.PY34`` are ``False``/``True``/``True``, so a
branch for Python 2 (``if six.PY2: ... unicode(...)``, ``if sys.version_info[0] == 2:``) is dead
and nothing in it is reported. Every other attribute of ``six`` is ⊤ (``six.moves``,
``six.string_types``, ...).
"""

from __future__ import annotations

from ..domains.bools import FALSE, TRUE
from ..domains.numbers import NON_NEGATIVE_INT, IntValue
from ..domains.sequences import TupleValue
from ..domains.strings import StrValue
from ..interpreter.natives import NativeModule, register_module_model

VERSION_INFO = TupleValue.of(
    (IntValue.constant_of(3), NON_NEGATIVE_INT, NON_NEGATIVE_INT, StrValue(None), NON_NEGATIVE_INT)
)
"""``sys.version_info`` on any Python 3 (3.x.y, release level, serial)."""


def six_module() -> NativeModule:
    """The ``six`` module model: its version flags."""
    return NativeModule("six", {"PY2": FALSE, "PY3": TRUE, "PY34": TRUE})


def register() -> None:
    register_module_model("six", six_module)
