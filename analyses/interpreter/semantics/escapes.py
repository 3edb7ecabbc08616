"""Escapes: what unknown code can do to the values it receives.

Unknown code that receives a value (as an argument of a call of unknown target, for instance) may
keep it and change what it reaches at any time later: the heap objects reachable from an escaping
value become opaque (⊤), a class that escapes becomes open (unknown code may add attributes to
it, as ``setattr(cls, name, f)`` does) and makes unbound module names ⊤, and a function
that escapes is analysed with unknown arguments, its closure cells become opaque, the module
variables it reads escape too and those it assigns become unknown for good (volatile).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ...domains.base import AbstractValue
from ...domains.classes import ClassValue, InstanceValue
from ...domains.functions import FunctionValue
from ...domains.references import OpaqueObject, Ref
from ..core.machine import MachineCore
from ..core.reachability import contents
from ..core.scopes import Resolution, Scope
from ..modules.module_code import global_key_in

ESCAPED_CELL = OpaqueObject(None)
"""The content of a closure cell that unknown code may read and write at any time."""


class EscapeRules(MachineCore):
    """Makes what escaping values reach unknown (``escape``)."""

    def escape(self, values: Iterable[AbstractValue]) -> None:
        """Unknown code receives ``values``: what it can reach may be changed at any time later.

        Heap objects reachable from them become opaque; functions reachable from them are analysed
        with unknown arguments, their closure cells become opaque, the module variables they read
        escape too, and the module variables they assign become unknown for good. A class that
        escapes keeps its attributes but becomes ``open``. After a class escapes, unbound module
        names are ⊤ (``names_injected``): unknown code reaches the
        module's globals through ``sys.modules[cls.__module__]`` (as ``enum.global_enum`` does).
        Each value object is visited once (values are immutable and often shared).
        """
        if self.state is None:
            return
        seen: set[object] = set()
        visited: dict[int, AbstractValue] = {}
        work = list(values)
        while work:
            value = work.pop()
            self.budget.check()
            if id(value) in visited:
                continue
            visited[id(value)] = value
            if isinstance(value, Ref):
                for address in value.addresses:
                    if address in seen:
                        continue
                    seen.add(address)
                    obj = self.heap_object(address)
                    if obj is None or isinstance(obj, OpaqueObject):
                        continue
                    work.append(obj)
                    if isinstance(obj, ClassValue):
                        self.inject_names()
                        if not obj.open:
                            self.store_object(address, replace(obj, open=True))
                        continue
                    self.store_object(address, _opaque(obj))
            elif isinstance(value, FunctionValue):
                if id(value.node) in seen:
                    continue
                seen.add(id(value.node))
                self._escape_function(value, work)
            work.extend(contents(value))

    def _escape_function(self, function: FunctionValue, work: list[AbstractValue]) -> None:
        """The part of an escape particular to a function: it is analysed with unknown arguments,
        its closure cells become opaque (their values escape), the module variables it reads
        escape (added to ``work``) and those it assigns become unknown for good."""
        self.note_escaped(function)
        for _, address in function.closure:
            cell = self.heap_object(address)
            if cell is not None:
                work.append(cell)
            self.store_object(address, ESCAPED_CELL)
        module = self.module_of(function.node)
        scopes = self.document_scopes if module is None else module.scopes
        scope = scopes.by_node.get(id(function.node))
        if scope is not None:
            reads, writes = global_accesses(scope)
            self.make_volatile(global_key_in(module, name) for name in writes)
            for name in reads:
                current = self.global_value(global_key_in(module, name))
                if current is not None:
                    work.append(current)


def _opaque(obj: AbstractValue) -> AbstractValue:
    if isinstance(obj, InstanceValue):
        return OpaqueObject(None, obj.class_name)
    pytype = obj.python_type()
    return OpaqueObject(pytype)


def global_accesses(scope: Scope) -> tuple[set[str], set[str]]:
    """Module variables a function (or its nested scopes) reads, and those it assigns."""
    reads: set[str] = set()
    writes: set[str] = set()
    work = [scope]
    while work:
        current = work.pop()
        for name in current.used | current.bound:
            if current.resolve(name) is Resolution.GLOBAL:
                reads.add(name)
        writes |= current.declared_global & current.bound
        work.extend(current.children)
    return reads, writes
