"""Run-time type guards: ``isinstance``, ``issubclass``, ``callable`` and ``hasattr``.

Each answers True or False only when CPython certainly gives that answer for every concrete value
of the operands, and None (any bool) otherwise, so the branch a guard contradicts is dead and the
other is never cut wrongly. What is decided:

- values of builtin types (their exact CPython type is known: ``python_type``), user classes and
  their instances (along the C3 order; a base that is not a user class makes the answer unknown
  unless a modelled library base decides it), builtin classes, and modelled library classes
  (``LibraryClass``: ``np.ndarray``, ``tf.Tensor``, ``torch.nn.Module``, ``keras.layers.Layer``),
  which no builtin value, builtin class or plain user instance is an instance of;
- library values by the complete list of modelled classes they belong to (``instance_classes``;
  unknown when the model gives none): against a modelled class, a class known by its modelled
  ancestors (``type(t)``) when one of them is not in the list, and builtin classes, which no value
  of a modelled class is an instance of; ``type(v)`` is the exact class where the model knows
  it (``NativeValue.exact_class``: the arrays NumPy's constructors make are exactly ``ndarray``s,
  eager tensors ``EagerTensor``s), so ``type(v) is C`` is decided there, and stays unknown
  elsewhere;
- ``hasattr`` on builtin values through their type, on user instances and classes along the MRO
  with the rules of ``instance_attribute`` (absent only when the object is exactly known and no
  code anywhere stores that attribute name), and present on library values whose model knows the
  attribute. A property, a ``__getattr__`` hook or a descriptor makes it unknown.
"""

from __future__ import annotations

import types
from typing import TYPE_CHECKING

from ...domains.base import TOP, AbstractValue
from ...domains.bools import ANY_BOOL, BoolValue
from ...domains.classes import BuiltinTypeValue, ClassValue, InstanceValue, attribute_of
from ...domains.functions import (
    BoundMethodValue,
    BuiltinFunctionValue,
    BuiltinMethodValue,
    FunctionValue,
    MethodWrapperValue,
)
from ...domains.modules import UnknownModuleValue
from ...domains.references import OpaqueObject, Ref
from ...domains.sequences import TupleValue
from ..budget import BudgetExceeded
from ..core.machine import Raised
from ..natives import LibraryClass, NativeFunction, NativeModule, NativeValue

if TYPE_CHECKING:
    from .calls import CallRules


EXACT_OPAQUE_TYPES = (object, list, dict, set, frozenset, tuple)
"""Types of escaped objects (``OpaqueObject.pytype``) whose instances have no ``__dict__`` and no
subclass instances among them: what their type has is all they have."""


def builtin_type_of(target: AbstractValue) -> type | None:
    """The exact CPython type of every value of ``target`` when it is a builtin one known by
    its domain (ints, strings, lists...; a dereferenced heap object); None otherwise."""
    if isinstance(target, (NativeValue, OpaqueObject, InstanceValue, ClassValue)):
        return None
    return target.python_type()


def decided(answers: set[bool | None]) -> AbstractValue:
    """The bool of a guard over several alternatives (a tuple of classes): True if one holds,
    False if none can, unknown otherwise."""
    if True in answers:
        return BoolValue(True)
    if answers == {False}:
        return BoolValue(False)
    return ANY_BOOL


def is_instance(machine: CallRules, value: AbstractValue, kinds: AbstractValue) -> AbstractValue:
    """``isinstance(value, kinds)``; ``kinds`` may be a tuple of classes."""
    options = kinds.items if isinstance(kinds, TupleValue) and kinds.items is not None else (kinds,)
    target = machine.deref(value)
    return decided({_instance_of(machine, value, target, option) for option in options})


def is_subclass(machine: CallRules, value: AbstractValue, kinds: AbstractValue) -> AbstractValue:
    """``issubclass(value, kinds)``; ``kinds`` may be a tuple of classes."""
    options = kinds.items if isinstance(kinds, TupleValue) and kinds.items is not None else (kinds,)
    return decided({_subclass_of(machine, value, option) for option in options})


def _instance_of(
    machine: CallRules, value: AbstractValue, target: AbstractValue, kind: AbstractValue
) -> bool | None:
    if isinstance(target, InstanceValue):
        if machine.lookup_class(target.cls, "__class__")[0] is not None:
            return None
        return _subclass_of(machine, target.cls, kind)
    if isinstance(target, ClassValue):
        if not _plain_class(machine, value):
            return None
        return _subclass_of(machine, BuiltinTypeValue(type), kind)
    if isinstance(kind, BuiltinTypeValue):
        if kind.pytype is object:
            return True
        if isinstance(target, OpaqueObject):
            return None if target.pytype is None else issubclass(target.pytype, kind.pytype)
        if isinstance(target, NativeValue):
            return False if target.instance_classes() else None
        pytype = builtin_type_of(target)
        return None if pytype is None else issubclass(pytype, kind.pytype)
    if isinstance(kind, LibraryClass):
        if isinstance(target, NativeValue):
            classes = target.instance_classes()
            if not classes:
                return None
            if kind.path is not None:
                if kind.path in target.maybe_classes():
                    return None
                return kind.path in classes
            return False if set(kind.ancestors) - set(classes) else None
        if isinstance(target, OpaqueObject):
            return False if target.pytype in EXACT_OPAQUE_TYPES else None
        return False if builtin_type_of(target) is not None else None
    if _plain_class(machine, kind):
        if isinstance(target, OpaqueObject):
            return False if target.pytype in EXACT_OPAQUE_TYPES else None
        return False if builtin_type_of(target) is not None else None
    return None


def _user_class(machine: CallRules, value: AbstractValue) -> ClassValue | None:
    if isinstance(value, Ref) and value.single is not None:
        return machine.class_of(value)
    return None


def _plain_class(machine: CallRules, value: AbstractValue) -> bool:
    """Whether ``value`` is a user class whose type is certainly ``type``: every class of its MRO
    is a user class (or ``object``) created without keywords (no metaclass, so no
    ``__instancecheck__`` and no ``register``)."""
    if _user_class(machine, value) is None:
        return False
    order, unknown = machine.linearisation(value)
    if unknown:
        return False
    for address in order:
        cls = machine.heap_object(address)
        if not isinstance(cls, ClassValue) or cls.node is None or cls.node.keywords:
            return False
    return True


def _subclass_of(machine: CallRules, sub: AbstractValue, kind: AbstractValue) -> bool | None:
    """``issubclass(sub, kind)`` for a class ``sub`` (user, builtin or library)."""
    if isinstance(sub, BuiltinTypeValue):
        if isinstance(kind, BuiltinTypeValue):
            return issubclass(sub.pytype, kind.pytype)
        if isinstance(kind, LibraryClass) or _plain_class(machine, kind):
            return False
        return None
    if isinstance(sub, LibraryClass):
        if isinstance(kind, BuiltinTypeValue):
            return True if kind.pytype is object else (False if sub.ancestors else None)
        if isinstance(kind, LibraryClass) and kind.path in sub.ancestors:
            return True
        if _plain_class(machine, kind):
            return False
        return None
    if _user_class(machine, sub) is None:
        return None
    if isinstance(kind, BuiltinTypeValue) and kind.pytype is object:
        return True
    order, unknown = machine.linearisation(sub)
    if _user_class(machine, kind) is not None:
        if kind.single in order:  # type: ignore[union-attr]
            return True
        return None if unknown or not _plain_class(machine, kind) else False
    if isinstance(kind, LibraryClass):
        if any(kind.path in base.ancestors for base in _library_bases(machine, order)):
            return True
        return None if unknown else False
    if isinstance(kind, BuiltinTypeValue):
        return None if unknown else False
    return None


def _library_bases(machine: CallRules, order: list) -> list[LibraryClass]:
    """The library classes among the direct bases of the user classes at ``order``."""
    found = []
    for address in order:
        cls = machine.heap_object(address)
        if isinstance(cls, ClassValue):
            found += [base for base in cls.bases if isinstance(base, LibraryClass)]
    return found


def is_callable(machine: CallRules, value: AbstractValue) -> AbstractValue:
    """``callable(value)``: whether its type defines ``__call__``."""
    if isinstance(
        value,
        (
            FunctionValue,
            BoundMethodValue,
            BuiltinFunctionValue,
            BuiltinMethodValue,
            BuiltinTypeValue,
            NativeFunction,
        ),
    ):
        return BoolValue(True)
    target = machine.deref(value)
    if isinstance(target, ClassValue):
        return BoolValue(True)
    if isinstance(target, InstanceValue):
        found, unknown = machine.lookup_class(target.cls, "__call__")
        if found is not None and found is not TOP:
            return BoolValue(True)
        if found is None and not unknown:
            return BoolValue(False)
        if unknown and machine.native_base_method(target.cls, "__call__") is not None:
            return BoolValue(True)
        return ANY_BOOL
    if isinstance(target, OpaqueObject) and target.pytype in EXACT_OPAQUE_TYPES:
        return BoolValue(False)
    pytype = builtin_type_of(target)
    if pytype is not None:
        return BoolValue(any("__call__" in vars(klass) for klass in pytype.__mro__))
    return ANY_BOOL


def has_attribute(
    machine: CallRules, value: AbstractValue, name: str, node: object
) -> AbstractValue:
    """``hasattr(value, name)`` for a constant attribute name."""
    target = machine.deref(value)
    if isinstance(target, InstanceValue):
        return _instance_has(machine, target, name)
    if isinstance(target, ClassValue):
        return _class_has(machine, value, name)
    if isinstance(value, (NativeModule, UnknownModuleValue)):
        return BoolValue(True) if name in ("__name__", "__dict__") else ANY_BOOL
    if isinstance(target, NativeValue):
        return _native_has(machine, target, name, node)
    if isinstance(value, (FunctionValue, BoundMethodValue)):
        kind = types.FunctionType if isinstance(value, FunctionValue) else types.MethodType
        return BoolValue(True) if hasattr(kind, name) else ANY_BOOL
    if isinstance(value, BuiltinFunctionValue):
        return BoolValue(hasattr(types.BuiltinFunctionType, name))
    if isinstance(target, OpaqueObject):
        if target.pytype in EXACT_OPAQUE_TYPES:
            return BoolValue(hasattr(target.pytype, name))
        return ANY_BOOL
    pytype = builtin_type_of(target)
    if pytype is not None and pytype is not type:
        return BoolValue(hasattr(pytype, name))
    return ANY_BOOL


def _instance_has(machine: CallRules, instance: InstanceValue, name: str) -> AbstractValue:
    for hook in ("__getattribute__", "__getattr__"):
        if machine.lookup_class(instance.cls, hook)[0] is not None:
            return ANY_BOOL
    found, unknown = machine.lookup_class(instance.cls, name)
    if isinstance(found, MethodWrapperValue) and found.kind == "property":
        return ANY_BOOL
    if found is TOP or isinstance(found, Ref):
        return ANY_BOOL
    if found is not None or attribute_of(instance.attributes, name) is not None:
        return BoolValue(True)
    if hasattr(object, name):
        return BoolValue(True)
    if unknown:
        native = machine.native_base_attribute(machine.linearisation(instance.cls)[0], name)
        return BoolValue(True) if native is not None else ANY_BOOL
    if machine.lookup_class(instance.cls, "__slots__")[0] is not None:
        return ANY_BOOL
    if name == "__dict__":
        return BoolValue(True)
    if not instance.exact:
        return ANY_BOOL
    if machine.attribute_stored_anywhere(name):
        return ANY_BOOL
    return BoolValue(False)


def _class_has(machine: CallRules, class_ref: AbstractValue, name: str) -> AbstractValue:
    found, unknown = machine.lookup_class(class_ref, name)
    if found is not None:
        return BoolValue(True)
    if hasattr(type, name):
        return BoolValue(True)
    if unknown or machine.attribute_stored_anywhere(name):
        return ANY_BOOL
    return BoolValue(False)


def _native_has(machine: CallRules, target: NativeValue, name: str, node: object) -> AbstractValue:
    """Present when the model knows the attribute (its value is not ⊤), unknown otherwise."""
    saved = machine.reporter.swallowing
    machine.reporter.swallowing += 1
    try:
        found = target.attribute(name, machine.context(node))  # type: ignore[arg-type]
    except BudgetExceeded:
        raise
    except (Raised, Exception):
        return ANY_BOOL
    finally:
        machine.reporter.swallowing = saved
    return BoolValue(True) if isinstance(found, AbstractValue) and found is not TOP else ANY_BOOL


def same_class(machine: CallRules, left: AbstractValue, right: AbstractValue) -> bool | None:
    """Whether the classes ``left`` and ``right`` are one object (``type(x) is C``), when both
    are known classes: builtin, modelled library (by path; a class known only by its ancestors
    is not one outside them) or user classes (by heap address); None otherwise."""
    kinds = []
    for value in (left, right):
        if isinstance(value, BuiltinTypeValue):
            kinds.append(("builtin", value.pytype))
        elif isinstance(value, LibraryClass):
            kinds.append(("library", value))
        elif _user_class(machine, value) is not None:
            kinds.append(("user", value.single))  # type: ignore[union-attr]
        else:
            return None
    (left_kind, left_key), (right_kind, right_key) = kinds
    if left_kind != right_kind:
        return False
    if left_kind != "library":
        return left_key is right_key if left_kind == "builtin" else left_key == right_key
    return _same_library_class(left_key, right_key)  # type: ignore[arg-type]


def _same_library_class(left: LibraryClass, right: LibraryClass) -> bool | None:
    if left.path is not None and right.path is not None:
        return left.path == right.path
    for known, other in ((left, right), (right, left)):
        if known.path is not None and known.path not in other.ancestors:
            return False
    return None


def equal_classes(machine: CallRules, left: AbstractValue, right: AbstractValue) -> bool | None:
    """``left == right`` for classes: identity, when neither class can have a metaclass with an
    ``__eq__`` of its own (builtin and modelled library classes, user classes of plain type)."""
    for value in (left, right):
        if _user_class(machine, value) is not None and not _plain_class(machine, value):
            return None
    return same_class(machine, left, right)
