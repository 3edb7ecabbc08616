"""The model of Python's ``sys`` module: ``sys.exit`` and ``sys.version_info`` (a Python 3 of
unknown minor version, see ``python_version``) are modelled, everything else is ⊤.

``sys.exit(...)`` ends the program: the path leaves by raising ``SystemExit`` and the models' state
there is kept as one of the program's ends (see ``interpreter.model_state``).
"""

from __future__ import annotations

from ..domains.base import TOP, AbstractValue
from ..interpreter.natives import CallContext, NativeFunction, NativeModule, register_module_model
from .python_version import VERSION_INFO


def exit_(ctx: CallContext) -> AbstractValue:
    """``sys.exit(status)``."""
    ctx.exit_program()
    return TOP


def sys_module() -> NativeModule:
    """The ``sys`` module model."""
    return NativeModule(
        "sys", {"exit": NativeFunction("sys.exit", exit_), "version_info": VERSION_INFO}
    )


def register() -> None:
    register_module_model("sys", sys_module)
