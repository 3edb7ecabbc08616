"""The object model: classes, instances and attributes.

A user class's MRO is computed with C3 over heap references (a base that is not a user class,
other than ``object``, makes the class's bases unknown); special methods are looked up along it
and bound as CPython binds them (functions, ``staticmethod``, ``classmethod``). Attribute reads
follow CPython's order (``__getattribute__``, properties and descriptors, the instance's own
attributes, then the class's); a missing attribute is a certain ``AttributeError`` only on an
exactly known object whose name the module never stores anywhere (see ``instance_attribute``).
Instantiation runs ``__init__`` (a native base's when the class has one).
"""

from __future__ import annotations

import ast
from dataclasses import replace

from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.classes import (
    BuiltinTypeValue,
    ClassValue,
    InstanceValue,
    SuperValue,
    attribute_of,
    with_attribute,
    without_attribute,
)
from ...domains.containers import DictValue, SetValue
from ...domains.functions import (
    BoundMethodValue,
    BuiltinFunctionValue,
    BuiltinMethodValue,
    FunctionValue,
    MethodWrapperValue,
)
from ...domains.modules import UnknownModuleValue
from ...domains.none import NONE
from ...domains.numbers import FloatValue, IntValue
from ...domains.references import Address, OpaqueObject, Ref
from ...domains.sequences import ListValue, TupleValue
from ...domains.strings import LIBRARY_MODULE, StrValue
from ..core.machine import MachineCore
from ..modules.module_code import ProjectModule
from ..natives import (
    LibraryClass,
    NativeModule,
    NativeValue,
    module_model,
    native_base_attribute,
    native_base_method,
    native_result,
    type_of_native,
)
from .operators import abstract_of, constant_of


class ObjectModelRules(MachineCore):
    """Class semantics (MRO, special methods, instantiation) and attribute access."""

    def instantiate(
        self,
        class_ref: Ref,
        cls: ClassValue,
        args: list[AbstractValue],
        kwargs: dict[str, AbstractValue],
        node: ast.AST,
        complete: bool,
    ) -> AbstractValue:
        unknown = self.has_unknown_base(class_ref)
        custom_new, _ = self.lookup_class(class_ref, "__new__")
        if custom_new is not None or self.is_exception_class(class_ref):
            self.escape([*args, *kwargs.values()])
            if custom_new is None:
                return self.allocate(node, InstanceValue(class_ref, cls.name, (), False))
            return TOP
        instance = InstanceValue(class_ref, cls.name, (), not unknown and not cls.dataclass_like)
        ref = self.allocate(node, instance)
        init, _ = self.lookup_class(class_ref, "__init__")
        if init is None and unknown:
            init = self.native_base_attribute(self.linearisation(class_ref)[0], "__init__")
        if isinstance(init, (FunctionValue, NativeValue)):
            self.call_value(init, [ref, *args], kwargs, node, complete)
        elif init is None and not unknown and not cls.dataclass_like:
            if (args or kwargs) and complete:
                self.fail(node, "type-error", f"{cls.name}() takes no arguments")
        else:
            fields = (
                dataclass_fields(cls, args, kwargs)
                if init is None and not unknown and complete and not cls.bases
                else None
            )
            if fields is None:
                self.escape([ref, *args, *kwargs.values()])
            else:
                self.update(
                    ref,
                    lambda o: (
                        replace(o, attributes=tuple(fields.items()))
                        if isinstance(o, InstanceValue)
                        else o
                    ),
                )
        return ref

    def init_subclass(
        self, class_ref: Ref, keywords: dict[str, AbstractValue], node: ast.AST
    ) -> None:
        """Run the bases' ``__init_subclass__`` hook for a newly created class."""
        order, unknown = self.linearisation(class_ref)
        for address in order[1:]:
            cls = self.heap_object(address)
            if not isinstance(cls, ClassValue):
                continue
            hook = attribute_of(cls.attributes, "__init_subclass__")
            if hook is None:
                continue
            function = hook.function if isinstance(hook, MethodWrapperValue) else hook
            self.call_value(function, [class_ref], keywords, node)
            return
        if unknown:
            native = self.native_base_attribute(order, "__init_subclass__")
            if native is not None:
                self.call_value(native, [class_ref], keywords, node)
                return
            self.escape([class_ref, *keywords.values()])

    def class_of(self, value: AbstractValue) -> ClassValue | None:
        target = self.deref(value)
        return target if isinstance(target, ClassValue) else None

    def linearisation(
        self,
        class_ref: AbstractValue,
        depth: int = 0,
        done: dict[Address, tuple[list[Address], bool]] | None = None,
    ) -> tuple[list[Address], bool]:
        """The MRO of a user class as heap addresses (C3), and whether some base is unknown or
        some class of it is ``open`` (its attributes are then not all known).

        ``done`` holds the MROs of the bases already linearised in this computation: a class
        reached through many paths (``class B2(B1, B0)``, ``class B3(B2, B1)``...) is linearised
        once, not once per path."""
        if not isinstance(class_ref, Ref) or class_ref.single is None or depth > 32:
            return [], True
        address = class_ref.single
        done = {} if done is None else done
        if address in done:
            order, unknown = done[address]
            return list(order), unknown
        self.budget.check()
        order, unknown = self._linearised(class_ref, address, depth, done)
        done[address] = (order, unknown)
        return list(order), unknown

    def _linearised(
        self,
        class_ref: Ref,
        address: Address,
        depth: int,
        done: dict[Address, tuple[list[Address], bool]],
    ) -> tuple[list[Address], bool]:
        cls = self.class_of(class_ref)
        if cls is None:
            return [], True
        unknown = cls.open
        sequences: list[list[Address]] = []
        direct: list[Address] = []
        for base in cls.bases:
            if isinstance(base, BuiltinTypeValue):
                if base.pytype is not object:
                    unknown = True
                continue
            if (
                isinstance(base, Ref)
                and base.single is not None
                and self.class_of(base) is not None
            ):
                order, base_unknown = self.linearisation(base, depth + 1, done)
                unknown = unknown or base_unknown
                sequences.append(order)
                direct.append(base.single)
            else:
                unknown = True
        sequences.append(direct)
        result = [address]
        while True:
            sequences = [s for s in sequences if s]
            if not sequences:
                return result, unknown
            for sequence in sequences:
                head = sequence[0]
                if not any(head in s[1:] for s in sequences):
                    break
            else:
                return result + [a for s in sequences for a in s if a not in result], True
            result.append(head)
            sequences = [s[1:] if s[0] == head else s for s in sequences]

    def has_unknown_base(self, class_ref: AbstractValue) -> bool:
        return self.linearisation(class_ref)[1]

    def is_exception_class(self, class_ref: AbstractValue) -> bool:
        """True when a builtin exception type is among the bases of ``class_ref``, however far
        (each class of the hierarchy is looked at once, however many paths reach it)."""
        work = [class_ref]
        seen: set[AbstractValue] = set()
        while work:
            cls = self.class_of(work.pop())
            if cls is None:
                continue
            for base in cls.bases:
                if isinstance(base, BuiltinTypeValue) and issubclass(base.pytype, BaseException):
                    return True
                if isinstance(base, Ref) and base not in seen:
                    seen.add(base)
                    work.append(base)
        return False

    def is_proper_subclass(self, sub: AbstractValue, sup: AbstractValue) -> bool:
        if not isinstance(sup, Ref) or sup.single is None or sub == sup:
            return False
        order, _ = self.linearisation(sub)
        return sup.single in order[1:]

    def lookup_class(
        self, class_ref: AbstractValue, name: str
    ) -> tuple[AbstractValue | None, bool]:
        """``name`` looked up along the MRO: (value or None, whether some base class is unknown)."""
        order, unknown = self.linearisation(class_ref)
        for address in order:
            cls = self.heap_object(address)
            if isinstance(cls, ClassValue):
                value = attribute_of(cls.attributes, name)
                if value is not None:
                    return value, unknown
        return None, unknown

    def special_method(
        self, value: AbstractValue, target: AbstractValue, name: str
    ) -> AbstractValue | None:
        """The bound special method ``name`` of an instance; None if absent; ⊤ if unknown."""
        if not isinstance(target, InstanceValue):
            return TOP
        found, unknown = self.lookup_class(target.cls, name)
        if found is None and unknown:
            through_base = self.native_base_method(target.cls, name)
            found = through_base[0] if through_base is not None else None
        if found is None:
            return TOP if unknown or self._generated_by_dataclass(target.cls, name) else None
        return self.bind(found, value, target.cls)

    def _generated_by_dataclass(self, class_ref: AbstractValue, name: str) -> bool:
        """Whether ``@dataclass`` may have written the special method ``name`` (``__eq__``,
        ordering, ``__hash__``, ``__repr__``, frozen ``__setattr__``...) on a class of
        ``class_ref``'s MRO: it is then unknown, never absent."""
        if name not in DATACLASS_METHODS:
            return False
        for address in self.linearisation(class_ref)[0]:
            cls = self.heap_object(address)
            if isinstance(cls, ClassValue) and cls.dataclass_like:
                return True
        return False

    def native_base_method(
        self, class_ref: AbstractValue, special: str
    ) -> tuple[FunctionValue, NativeValue] | None:
        """The user method that a native base class runs for ``special`` (e.g. a Keras
        ``Layer``'s ``__call__`` runs ``call``), looked up along the MRO, with that native base;
        None if none."""
        for address in self.linearisation(class_ref)[0]:
            cls = self.heap_object(address)
            base = native_base_method(cls.bases, special) if isinstance(cls, ClassValue) else None
            if base is not None:
                found, _ = self.lookup_class(class_ref, base[1])
                return (found, base[0]) if isinstance(found, FunctionValue) else None
        return None

    def native_special_base(self, target: InstanceValue, special: str) -> NativeValue | None:
        """The native base class whose own special method ``special`` an instance runs (no user
        class of its MRO defines ``special``), when that base runs a user method for it."""
        found, unknown = self.lookup_class(target.cls, special)
        if found is not None or not unknown:
            return None
        through_base = self.native_base_method(target.cls, special)
        return through_base[1] if through_base is not None else None

    def bind(
        self, found: AbstractValue, receiver: AbstractValue, class_ref: AbstractValue
    ) -> AbstractValue:
        if isinstance(found, FunctionValue):
            return BoundMethodValue(found, receiver)
        if isinstance(found, MethodWrapperValue):
            if found.kind == "staticmethod":
                return found.function
            if found.kind == "classmethod":
                return BoundMethodValue(found.function, class_ref)
        return found

    def type_name(self, value: AbstractValue) -> str:
        if isinstance(value, InstanceValue):
            return value.class_name
        if isinstance(value, OpaqueObject):
            return value.describe()
        if isinstance(value, ClassValue):
            return "type"
        pytype = value.python_type()
        return pytype.__name__ if pytype is not None else "object"

    def expr_Attribute(self, node: ast.Attribute) -> AbstractValue:
        obj = self.eval(node.value)
        return self.get_attribute(obj, node.attr, node)

    def get_attribute(self, obj: AbstractValue, name: str, node: ast.AST) -> AbstractValue:
        if obj is TOP:
            return TOP
        if isinstance(obj, (NativeModule, UnknownModuleValue)) and name == "__name__":
            return _library_module_name(obj)
        if isinstance(obj, UnknownModuleValue):
            return TOP
        if isinstance(obj, LibraryClass) and name in ("__name__", "__qualname__"):
            return StrValue(obj.short_name) if obj.short_name is not None else TOP
        if isinstance(obj, ProjectModule):
            return self.module_attribute(obj, name, node)  # type: ignore[attr-defined, no-any-return]
        if isinstance(obj, NativeValue) and name == "__class__":
            return type_of_native(obj)
        if isinstance(obj, NativeValue):
            return native_result(obj.attribute(name, self.context(node)))
        if isinstance(obj, BuiltinTypeValue):
            return _builtin_class_attribute(obj.pytype, name)
        if isinstance(obj, Ref):
            target = self.deref(obj)
            if isinstance(target, InstanceValue):
                return self.instance_attribute(obj, target, name, node)
            if isinstance(target, ClassValue):
                return self.class_attribute(obj, target, name, node)
            if isinstance(target, (ListValue, DictValue, SetValue)):
                return self.builtin_attribute(target.python_type(), obj, name, node)  # type: ignore[arg-type]
            if isinstance(target, OpaqueObject) and target.pytype in (list, dict, set):
                return BuiltinMethodValue(target.pytype.__name__, name, obj)
            return TOP
        if isinstance(obj, FunctionValue):
            return self.function_attribute(obj, name)
        if isinstance(obj, BoundMethodValue):
            if name == "__self__":
                return obj.receiver
            if name == "__func__":
                return obj.function
            return TOP
        if isinstance(obj, SuperValue):
            return self.super_attribute(obj, name)
        if isinstance(obj, MethodWrapperValue):
            if obj.kind == "property" and name in ("setter", "getter", "deleter"):
                return BuiltinMethodValue("property", name, obj)
            if name == "__func__":
                return obj.function
            return TOP
        if isinstance(obj, (IntValue, FloatValue, BoolValue, StrValue, TupleValue)) or obj is NONE:
            return self.builtin_attribute(obj.python_type(), obj, name, node)  # type: ignore[arg-type]
        return TOP

    def builtin_attribute(
        self, pytype: type, obj: AbstractValue, name: str, node: ast.AST
    ) -> AbstractValue:
        if name == "__class__":
            return BuiltinTypeValue(pytype)
        missing = object()
        attribute = getattr(pytype, name, missing)
        if attribute is missing:
            self.fail(
                node, "attribute-error", f"'{pytype.__name__}' object has no attribute '{name}'"
            )
        if callable(attribute) and not isinstance(attribute, type):
            return BuiltinMethodValue(pytype.__name__, name, obj)
        known, constant = constant_of(obj)
        if known and isinstance(constant, (int, float)):
            return abstract_of(getattr(constant, name))
        return TOP

    def instance_attribute(
        self, ref: Ref, instance: InstanceValue, name: str, node: ast.AST
    ) -> AbstractValue:
        """``instance.name``. A missing attribute is a certain ``AttributeError`` only if the
        module never assigns an attribute of that name anywhere (a typo); otherwise which paths
        set it is beyond this analysis's path sensitivity, and the result is ⊤."""
        custom, _ = self.lookup_class(instance.cls, "__getattribute__")
        if custom is not None:
            if isinstance(custom, FunctionValue):
                return self.call_value(BoundMethodValue(custom, ref), [StrValue(name)], {}, node)
            return TOP
        if name == "__module__" and attribute_of(instance.attributes, name) is None:
            return self.module_name_of_class(instance.cls)
        found, unknown = self.lookup_class(instance.cls, name)
        if isinstance(found, MethodWrapperValue) and found.kind == "property":
            return self.call_value(found.function, [ref], {}, node)
        if found is TOP:
            return TOP
        descriptor = self.deref(found) if isinstance(found, Ref) else None
        if isinstance(descriptor, (InstanceValue, OpaqueObject)):
            getter = self.special_method(found, descriptor, "__get__")
            if getter is TOP:
                return TOP
            if getter is not None:
                return self.call_value(getter, [ref, instance.cls], {}, node)
        own = attribute_of(instance.attributes, name)
        if own is not None:
            return own
        if found is not None:
            return self.bind(found, ref, instance.cls)
        if name == "__class__":
            return instance.cls
        if name == "__dict__":
            self.escape([ref])
            return TOP
        if unknown:
            native = self.native_base_attribute(self.linearisation(instance.cls)[0], name)
            return BoundMethodValue(native, ref) if native is not None else TOP
        if not instance.exact:
            return TOP
        for hook in ("__getattr__", "__getattribute__", "__slots__"):
            if self.lookup_class(instance.cls, hook)[0] is not None:
                return TOP
        if hasattr(object, name) or self.attribute_stored_anywhere(name):
            return TOP
        self.fail(
            node, "attribute-error", f"'{instance.class_name}' object has no attribute '{name}'"
        )
        return TOP

    def function_attribute(self, function: FunctionValue, name: str) -> AbstractValue:
        """``__name__`` and ``__qualname__`` of a user function: those of its ``def`` (or
        lambda) unless the module stores an attribute of that name anywhere (``f.__name__ =
        ...``, ``functools.wraps``/``update_wrapper``: see ``ScopeTable``), then any string. (A
        decorator that returns another function returns another value.) Other attributes are
        unknown."""
        if name not in ("__name__", "__qualname__"):
            return TOP
        if self.attribute_stored_anywhere(name):
            return StrValue(None)
        return StrValue(function.name if name == "__name__" else function.qualname)

    def module_name_of_class(self, class_ref: AbstractValue) -> AbstractValue:
        """A user class's ``__module__``: the one its own ``class`` statement set (each class
        has its own, never a base's); ⊤ when a metaclass keyword may have changed it."""
        cls = self.class_of(class_ref)
        if cls is None or cls.node is None or cls.node.keywords:
            return TOP
        own = attribute_of(cls.attributes, "__module__")
        return own if own is not None else TOP

    def class_attribute(self, ref: Ref, cls: ClassValue, name: str, node: ast.AST) -> AbstractValue:
        if name == "__module__":
            return self.module_name_of_class(ref)
        found, unknown = self.lookup_class(ref, name)
        if unknown and not isinstance(found, (FunctionValue, MethodWrapperValue)):
            return TOP
        if found is not None:
            if isinstance(found, MethodWrapperValue):
                if found.kind == "staticmethod":
                    return found.function
                if found.kind == "classmethod":
                    return BoundMethodValue(found.function, ref)
            return found
        if name in ("__name__", "__qualname__"):
            return StrValue(cls.name)
        if name == "__dict__":
            self.escape([ref])
            return TOP
        if unknown or hasattr(type, name) or self.attribute_stored_anywhere(name):
            return TOP
        self.fail(node, "attribute-error", f"type object '{cls.name}' has no attribute '{name}'")
        return TOP

    def super_attribute(self, sup: SuperValue, name: str) -> AbstractValue:
        receiver = sup.receiver
        target = self.deref(receiver)
        class_ref = target.cls if isinstance(target, InstanceValue) else receiver
        order, unknown = self.linearisation(class_ref)
        if not isinstance(sup.owner, Ref) or sup.owner.single not in order:
            return TOP
        for address in order[order.index(sup.owner.single) + 1 :]:
            cls = self.heap_object(address)
            if isinstance(cls, ClassValue):
                value = attribute_of(cls.attributes, name)
                if value is not None:
                    return self.bind(value, receiver, class_ref)
        if not unknown and name == "__init__":
            return BuiltinFunctionValue("object.__init__")
        native = self.native_base_attribute(order[order.index(sup.owner.single) :], name)
        return BoundMethodValue(native, receiver) if native is not None else TOP

    def native_base_attribute(self, addresses: list[Address], name: str) -> AbstractValue | None:
        """The attribute ``name`` of a native base of the classes at ``addresses`` (an MRO
        suffix), for a class whose user classes do not define it; None if unknown."""
        for address in addresses:
            cls = self.heap_object(address)
            found = native_base_attribute(cls.bases, name) if isinstance(cls, ClassValue) else None
            if found is not None:
                return found
        return None

    def set_attribute(
        self, obj: AbstractValue, name: str, value: AbstractValue, node: ast.AST
    ) -> None:
        if isinstance(obj, Ref):
            target = self.deref(obj)
            if isinstance(target, InstanceValue):
                found, _ = self.lookup_class(target.cls, name)
                custom, _ = self.lookup_class(target.cls, "__setattr__")
                descriptor = self.deref(found) if isinstance(found, Ref) else None
                if isinstance(descriptor, (InstanceValue, OpaqueObject)):
                    setter = self.special_method(found, descriptor, "__set__")
                    if setter is TOP:
                        self.escape([obj, value])
                        return
                    if setter is not None:
                        self.call_value(setter, [obj, value], {}, node)
                        return
                if isinstance(found, MethodWrapperValue) or found is TOP or custom is not None:
                    self.escape([obj, value])
                    return
                self.update(
                    obj,
                    lambda o: InstanceValue(
                        o.cls, o.class_name, with_attribute(o.attributes, name, value), o.exact
                    ),
                )
                return
            if isinstance(target, ClassValue) and obj.single is not None:
                stored = value.with_owner(obj.single) if isinstance(value, FunctionValue) else value
                self.update(
                    obj,
                    lambda o: replace(o, attributes=with_attribute(o.attributes, name, stored)),
                )
                return
            if isinstance(target, (ListValue, DictValue, SetValue)):
                self.fail(
                    node,
                    "attribute-error",
                    f"'{self.type_name(target)}' object has no attribute '{name}'",
                )
            self.escape([value])
            return
        if isinstance(obj, ProjectModule):
            self.set_module_attribute(obj, name, value)  # type: ignore[attr-defined]
            return
        if isinstance(obj, (IntValue, FloatValue, BoolValue, StrValue, TupleValue)) or obj is NONE:
            self.fail(
                node, "attribute-error", f"'{self.type_name(obj)}' object has no attribute '{name}'"
            )
        if (
            isinstance(obj, NativeValue)
            and isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
        ):
            self.write_name(node.value.id, TOP)
        self.escape([value])

    def delete_attribute(self, obj: AbstractValue, name: str, node: ast.AST) -> None:
        target = self.deref(obj)
        if isinstance(obj, Ref) and isinstance(target, InstanceValue):
            if (
                target.exact
                and attribute_of(target.attributes, name) is None
                and not self.has_unknown_base(target.cls)
            ):
                self.fail(
                    node,
                    "attribute-error",
                    f"'{target.class_name}' object has no attribute '{name}'",
                )
            self.update(
                obj,
                lambda o: InstanceValue(
                    o.cls, o.class_name, without_attribute(o.attributes, name), o.exact
                ),
            )
            return
        self.escape([obj])


DATACLASS_METHODS = frozenset(
    {
        "__eq__",
        "__ne__",
        "__lt__",
        "__le__",
        "__gt__",
        "__ge__",
        "__hash__",
        "__repr__",
        "__setattr__",
        "__delattr__",
        "__match_args__",
        "__post_init__",
    }
)
"""Special methods ``@dataclass`` may generate, depending on its arguments."""


def dataclass_fields(
    cls: ClassValue, args: list[AbstractValue], kwargs: dict[str, AbstractValue]
) -> dict[str, AbstractValue] | None:
    """The attributes the ``__init__`` that ``@dataclass`` writes for ``cls`` (no base, no
    ``__init__`` of its own) sets from ``args`` and ``kwargs``: its annotated class-level names in
    order, each bound to its argument, else its default (a ``field(...)`` default is ⊤). None
    when the call does not match simply (too many arguments, an unknown keyword, a field without
    value, ``ClassVar``/``InitVar``/``KW_ONLY`` annotations, a ``__post_init__``, a frozen
    dataclass, whose attribute stores raise): the caller then knows nothing."""
    node = cls.node
    if node is None or _frozen(node):
        return None
    names: list[tuple[str, ast.expr | None]] = []
    for statement in node.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and statement.name in (
            "__post_init__",
            "__init__",
        ):
            return None
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            if any(
                marker in ast.unparse(statement.annotation)
                for marker in ("ClassVar", "InitVar", "KW_ONLY")
            ):
                return None
            names.append((statement.target.id, statement.value))
    if len(args) > len(names) or any(key not in dict(names) for key in kwargs):
        return None
    fields: dict[str, AbstractValue] = {}
    for position, (name, default) in enumerate(names):
        if position < len(args):
            if name in kwargs:
                return None
            fields[name] = args[position]
        elif name in kwargs:
            fields[name] = kwargs[name]
        elif default is None:
            return None
        elif isinstance(default, ast.Call):
            fields[name] = TOP
        else:
            value = attribute_of(cls.attributes, name)
            if value is None:
                return None
            fields[name] = value
    return fields


def _frozen(node: ast.ClassDef) -> bool:
    """Whether a decorator of ``node`` is called with ``frozen=`` anything but ``False``."""
    for decorator in node.decorator_list:
        if isinstance(decorator, ast.Call):
            for keyword in decorator.keywords:
                if keyword.arg == "frozen" and not (
                    isinstance(keyword.value, ast.Constant) and keyword.value.value is False
                ):
                    return True
    return False


def _library_module_name(module: NativeModule | UnknownModuleValue) -> AbstractValue:
    """``module.__name__`` of an imported module: a library's name when the module is modelled
    or is a submodule of a modelled library (the program's own modules are never looked up
    there: see ``imports``); ⊤ for another unknown module (it may be the program's own)."""
    root = module.name.split(".")[0]
    if isinstance(module, NativeModule) or module_model(root) is not None:
        return StrValue(None, str, True, LIBRARY_MODULE)
    return TOP


def _builtin_class_attribute(pytype: type, name: str) -> AbstractValue:
    """``name`` of the builtin class ``pytype`` when it is a name (``__name__``...); ⊤ else."""
    if name in ("__name__", "__qualname__", "__module__"):
        return StrValue(getattr(pytype, name))
    return TOP
