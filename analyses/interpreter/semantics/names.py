"""Names: how a variable is stored and what reading, writing and deleting it does.

``key_of`` resolves a name in the running scope (see ``scopes``) to where the store keeps it: a
local of the frame, a module variable, a class namespace entry (read falling back to the module),
or a closure cell on the heap (a comprehension's variables are its own locals, also read by the
comprehensions nested in it). Reading a local that is certainly unbound is a certain
``UnboundLocalError`` (a free variable's, a ``NameError``), and an undefined module variable that
is no builtin a certain ``NameError``, unless the module's globals are dynamic (then ⊤); a variable
only possibly unbound is a possible report, none when it was bound under an earlier ``if`` with the
same test as one enclosing the read (``correlation``). Module variables unknown code may rebind
(volatile) read as ⊤, and a cell made opaque by an escape holds ⊤. Every access is noted in the
footprint of the calls being recorded (``memo``).
"""

from __future__ import annotations

import ast

from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.none import NoneValue
from ...domains.numbers import FloatValue, IntValue
from ...domains.references import OpaqueObject, Ref, is_strong
from ...domains.strings import StrValue
from ..core.machine import MachineCore
from ..core.scopes import Resolution, Scope
from ..core.state import UNBOUND, MaybeUnbound, Unbound
from .correlation import ConditionIndex


class NameRules(MachineCore):
    """Reads, writes and deletes variables in the current store (builtins: ``builtin_value``)."""

    def key_of(self, name: str) -> tuple[Resolution, object]:
        """How ``name`` is stored in the current scope, and its key or cell address (a variable of
        an enclosing comprehension, read by a nested one, is that comprehension's local: nested
        comprehensions run while it is bound)."""
        scope = self.scope
        if scope.kind == "module":
            return Resolution.GLOBAL, self.global_key(name)
        while scope.kind == "comprehension":
            if name in scope.locals():
                return Resolution.LOCAL, (id(scope.node), name)
            resolution = scope.resolve(name)
            if resolution is Resolution.FREE:
                owner = scope.parent
                while owner is not None and owner.kind == "comprehension":
                    if name in owner.locals():
                        return Resolution.LOCAL, (id(owner.node), name)
                    owner = owner.parent
                return Resolution.FREE, self.frame.cells.get(name)
            if (
                resolution is Resolution.GLOBAL
                and scope.parent is not None
                and scope.parent.kind != "module"
            ):
                if scope.parent.kind == "class":
                    return Resolution.GLOBAL, self.global_key(name)
                scope = scope.parent
                continue
            return Resolution.GLOBAL, self.global_key(name)
        resolution = scope.resolve(name)
        if resolution in (Resolution.CELL, Resolution.FREE):
            return resolution, self.frame.cells.get(name)
        if resolution is Resolution.GLOBAL or (
            resolution is Resolution.LOCAL and scope.kind == "module"
        ):
            return Resolution.GLOBAL, self.global_key(name)
        return resolution, name

    def read_name(self, name: str, node: ast.AST) -> AbstractValue:
        resolution, key = self.key_of(name)
        state = self.state
        assert state is not None
        if self.footprints:
            self.touch_name(resolution, key)
        if resolution is Resolution.LOCAL:
            value = state.read(key, local=True)
            if isinstance(value, Unbound):
                self.fail(
                    node,
                    "unbound-local",
                    f"cannot access local variable '{name}' where it is not associated with a value",
                )
            if isinstance(value, MaybeUnbound):
                if not self.bound_under_same_test(name, node):
                    self.report(
                        node,
                        "unbound-local",
                        f"local variable '{name}' may be unbound here",
                        certain=False,
                    )
                    self.note_possible_raise()
                return value.value
            return value
        if resolution in (Resolution.CELL, Resolution.FREE):
            if key is None:
                return TOP
            value = state.load(key)  # type: ignore[arg-type]
            if isinstance(value, OpaqueObject):
                return TOP
            if isinstance(value, Unbound):
                if resolution is Resolution.CELL:
                    self.fail(
                        node,
                        "unbound-local",
                        f"cannot access local variable '{name}' where it is not associated with a value",
                    )
                self.fail(
                    node,
                    "name-error",
                    f"cannot access free variable '{name}' where it is not associated with a value"
                    " in enclosing scope",
                )
            return value.value if isinstance(value, MaybeUnbound) else value
        if resolution is Resolution.CLASS:
            value = state.read(key, local=True)
            if isinstance(value, Unbound):
                return self.read_global(name, node)
            if isinstance(value, MaybeUnbound):
                return value.value.join(self.read_global(name, node, quiet=True))
            return value
        return self.read_global(name, node)

    def read_global(self, name: str, node: ast.AST, quiet: bool = False) -> AbstractValue:
        key = self.global_key(name)
        if key in self.volatile_globals:
            return TOP
        if self.footprints:
            self.touch_global(key)
        value = self.live.globals.get(key, UNBOUND)
        if isinstance(value, Unbound):
            builtin = self.builtin_value(name)
            if builtin is not None:
                return builtin
            if quiet or self.globals_are_dynamic():
                return TOP
            self.fail(node, "name-error", f"name '{name}' is not defined")
        if isinstance(value, MaybeUnbound):
            builtin = self.builtin_value(name)
            if builtin is not None:
                return value.value.join(builtin)
            if (
                not quiet
                and not self.globals_are_dynamic()
                and not self.bound_under_same_test(name, node)
            ):
                self.report(
                    node, "name-error", f"name '{name}' may be undefined here", certain=False
                )
                self.note_possible_raise()
            return value.value
        return value

    def globals_are_dynamic(self) -> bool:
        """True when the running code may see globals the analysis cannot: a class escaped, the
        module is dynamic, or the executing scope or one enclosing it is (see ``ScopeTable``)."""
        if self.names_injected:
            return True
        scope: Scope | None = self.frame.scope
        while scope is not None:
            if scope.dynamic:
                return True
            scope = scope.parent
        return False

    def builtin_value(self, name: str) -> AbstractValue | None:
        raise NotImplementedError

    def bound_under_same_test(self, name: str, node: ast.AST) -> bool:
        """Whether the possibly unbound ``name`` read at ``node`` was bound under an earlier
        ``if`` with the same test as one enclosing ``node`` (see ``correlation``), the test's
        names holding no heap object, and those read in between holding immutable scalars (a
        list's truth may change without rebinding)."""
        scope_node = self.scope.node
        index = self.condition_indexes.get(id(scope_node))
        if index is None:
            index = ConditionIndex(scope_node)
            self.condition_indexes[id(scope_node)] = index
        found = index.bound_under_same_test(name, node)
        if found is None:
            return False
        names, used = found
        for test_name in names:
            resolution, key = self.key_of(test_name)
            if resolution is Resolution.LOCAL:
                value = self.live.read(key, local=True)
            elif resolution is Resolution.GLOBAL:
                value = self.live.globals.get(key, UNBOUND)
            else:
                return False
            if isinstance(value, MaybeUnbound):
                value = value.value
            if isinstance(value, (Ref, Unbound)):
                return False
            if test_name in used and not isinstance(
                value, (BoolValue, IntValue, FloatValue, StrValue, NoneValue)
            ):
                return False
        return True

    def write_name(self, name: str, value: AbstractValue) -> None:
        resolution, key = self.key_of(name)
        state = self.live
        if self.footprints:
            self.touch_name(resolution, key)
        if resolution in (Resolution.CELL, Resolution.FREE):
            if key is None or isinstance(state.load(key), OpaqueObject):  # type: ignore[arg-type]
                return
            if is_strong(key):  # type: ignore[arg-type]
                state.store(key, value)  # type: ignore[arg-type]
            else:
                state.store(key, state.load(key).join(value))  # type: ignore[arg-type]
            return
        if resolution is Resolution.GLOBAL:
            state.write(key, value, local=False)
            self.note_global_binding(name, value)
            return
        state.write(key, value, local=True)

    def touch_name(self, resolution: Resolution, key: object) -> None:
        """``touch_global``/``touch_heap`` for a name stored as ``key_of`` says."""
        if resolution in (Resolution.CELL, Resolution.FREE):
            if key is not None:
                self.touch_heap(key)  # type: ignore[arg-type]
        elif resolution is Resolution.GLOBAL:
            self.touch_global(key)  # type: ignore[arg-type]
        else:
            assert self.state is not None
            if self.state.locals is None:
                self.touch_global(key)  # type: ignore[arg-type]

    def delete_name(self, name: str, node: ast.AST) -> None:
        """``del name``: the read that raises ``NameError`` when unbound, then unbinding."""
        self.read_name(name, node)
        self.bind_unbound(name)

    def bind_unbound(self, name: str) -> None:
        """Make ``name`` unbound (``except ... as name`` on leaving the handler)."""
        resolution, key = self.key_of(name)
        state = self.live
        if self.footprints:
            self.touch_name(resolution, key)
        if resolution in (Resolution.CELL, Resolution.FREE):
            if key is not None:
                state.store(key, UNBOUND)  # type: ignore[arg-type]
            return
        state.delete(key, local=resolution is not Resolution.GLOBAL)
