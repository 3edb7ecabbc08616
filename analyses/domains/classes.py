"""Classes and their instances, with attribute maps; builtin types and exceptions.

``ClassValue`` and ``InstanceValue`` are heap objects (reached through a ``Ref``), because both are
mutable and may be aliased. An instance's ``exact`` flag says its attribute map is complete; an
instance that escaped to unknown code has an open attribute map (missing attributes are ⊤).
"""

from __future__ import annotations

import ast
import builtins
from dataclasses import dataclass

from .base import TOP, AbstractValue

Attributes = tuple[tuple[str, AbstractValue], ...]


def attribute_of(attributes: Attributes, name: str) -> AbstractValue | None:
    for known, value in attributes:
        if known == name:
            return value
    return None


def with_attribute(attributes: Attributes, name: str, value: AbstractValue) -> Attributes:
    items = [(known, old) for known, old in attributes if known != name]
    items.append((name, value))
    return tuple(items)


def without_attribute(attributes: Attributes, name: str) -> Attributes:
    return tuple((known, old) for known, old in attributes if known != name)


def join_attributes(left: Attributes, right: Attributes, widen: bool) -> tuple[Attributes, bool]:
    """Join two attribute maps; the flag says whether both had the same names."""
    right_map = dict(right)
    joined: list[tuple[str, AbstractValue]] = []
    for name, value in left:
        other = right_map.get(name)
        if other is not None:
            joined.append((name, value.widen(other) if widen else value.join(other)))
    same = len(joined) == len(left) == len(right)
    return tuple(joined), same


@dataclass(frozen=True, slots=True)
class ClassValue(AbstractValue):
    """A class created by a ``class`` statement (a heap object).

    ``open``: code the analysis cannot follow may have added attributes to it (the class escaped
    to unknown code, or ``setattr`` with a computed name stored on it): an attribute it does not
    know is then unknown, never missing. The attributes it knows are kept.
    """

    name: str
    node: ast.ClassDef | None
    bases: tuple[AbstractValue, ...]
    attributes: Attributes
    dataclass_like: bool = False
    open: bool = False

    def join(self, other: AbstractValue) -> AbstractValue:
        if self == other:
            return self
        if isinstance(other, ClassValue) and other.node is self.node and other.bases == self.bases:
            attributes, _ = join_attributes(self.attributes, other.attributes, widen=False)
            return ClassValue(
                self.name,
                self.node,
                self.bases,
                attributes,
                self.dataclass_like,
                self.open or other.open,
            )
        return TOP

    def describe(self) -> str:
        return f"class {self.name}"

    def contains(self, concrete: object) -> bool:
        return isinstance(concrete, type) and concrete.__name__ == self.name

    def python_type(self) -> type | None:
        return type


@dataclass(frozen=True, slots=True)
class InstanceValue(AbstractValue):
    """An instance of a user class ``cls`` (a ``Ref`` to a ``ClassValue``)."""

    cls: AbstractValue
    class_name: str
    attributes: Attributes = ()
    exact: bool = True

    def _combine(self, other: AbstractValue, widen: bool) -> AbstractValue:
        if self == other:
            return self
        if (
            not isinstance(other, InstanceValue)
            or other.cls != self.cls
            or other.class_name != self.class_name
        ):
            return TOP
        attributes, same = join_attributes(self.attributes, other.attributes, widen)
        return InstanceValue(
            self.cls, self.class_name, attributes, self.exact and other.exact and same
        )

    def join(self, other: AbstractValue) -> AbstractValue:
        return self._combine(other, widen=False)

    def widen(self, other: AbstractValue) -> AbstractValue:
        return self._combine(other, widen=True)

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP or self == other:
            return True
        if not isinstance(other, InstanceValue) or other.cls != self.cls:
            return False
        if other.exact and (
            not self.exact or {n for n, _ in self.attributes} != {n for n, _ in other.attributes}
        ):
            return False
        mine = dict(self.attributes)
        for name, value in other.attributes:
            own = mine.get(name)
            if own is None:
                if self.exact:
                    return False
                continue
            if not own.leq(value):
                return False
        return all(name in dict(other.attributes) for name in mine) or not other.exact

    def describe(self) -> str:
        """The class name, then one line per attribute that is a part of the object (the layers
        of a model)."""
        lines = [self.class_name]
        for name, value in self.attributes:
            label = value.part_label()
            if label is not None:
                lines.append(f"  {name}: {label}")
        return "\n".join(lines)

    def part_label(self) -> str | None:
        """An object with parts of its own (a model used as a layer) is listed by class."""
        if any(value.part_label() is not None for _, value in self.attributes):
            return self.class_name
        return None

    def contains(self, concrete: object) -> bool:
        return any(klass.__name__ == self.class_name for klass in type(concrete).__mro__)


@dataclass(frozen=True, slots=True)
class BuiltinTypeValue(AbstractValue):
    """A builtin class such as ``int``, ``list`` or ``ValueError``."""

    pytype: type

    def describe(self) -> str:
        return f"type[{self.pytype.__name__}]"

    def contains(self, concrete: object) -> bool:
        return concrete is self.pytype

    def python_type(self) -> type | None:
        return type


@dataclass(frozen=True, slots=True)
class ExceptionValue(AbstractValue):
    """An instance of the builtin exception class ``pytype`` or of a subclass of it."""

    pytype: type

    def join(self, other: AbstractValue) -> AbstractValue:
        if isinstance(other, ExceptionValue):
            for klass in self.pytype.__mro__:
                if issubclass(other.pytype, klass):
                    return ExceptionValue(klass)
        return AbstractValue.join(self, other)

    def leq(self, other: AbstractValue) -> bool:
        return other is TOP or (
            isinstance(other, ExceptionValue) and issubclass(self.pytype, other.pytype)
        )

    def describe(self) -> str:
        return self.pytype.__name__

    def contains(self, concrete: object) -> bool:
        return isinstance(concrete, self.pytype)


BUILTIN_EXCEPTIONS: dict[str, type] = {
    name: value
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)
}


@dataclass(frozen=True, slots=True)
class SuperValue(AbstractValue):
    """``super()`` inside a method of the class at ``owner``, bound to ``receiver``."""

    owner: AbstractValue
    receiver: AbstractValue

    def describe(self) -> str:
        return "super"
