"""Calls, attributes and classes: user functions (inlined per call, bounded), instances, MRO.

A call to a user function is analysed at the call site with the abstract arguments (context
sensitivity by inlining). Recursion and calls nested deeper than ``max_call_depth`` are not
followed: the callee and the arguments escape (see ``MachineCore.escape``) and the result is ⊤.
"""

from __future__ import annotations

import ast
from dataclasses import replace

from ..domains.base import TOP, AbstractValue
from ..domains.bools import BoolValue
from ..domains.classes import (
    BuiltinTypeValue,
    ClassValue,
    ExceptionValue,
    InstanceValue,
    SuperValue,
    attribute_of,
    with_attribute,
    without_attribute,
)
from ..domains.containers import DictValue, SetValue
from ..domains.functions import (
    BoundMethodValue,
    BuiltinFunctionValue,
    BuiltinMethodValue,
    FunctionValue,
    GeneratorValue,
    MethodWrapperValue,
)
from ..domains.modules import UnknownModuleValue
from ..domains.none import NONE
from ..domains.numbers import FloatValue, IntValue
from ..domains.references import Address, OpaqueObject, Ref
from ..domains.sequences import ListValue, TupleValue
from ..domains.strings import StrValue
from . import builtins_model
from .context_managers import manager_name
from .expressions import ExpressionRules
from .machine import Frame, Raised
from .natives import (
    AnnotationCheckingDecorator,
    NativeFunction,
    NativeValue,
    call_contracts,
    native_base_attribute,
    native_base_method,
    native_result,
)
from .operators import abstract_of, constant_of
from .state import UNBOUND, join_states
from .summaries import SummaryRules

MAX_CALL_RESOLUTION = 16
"""How many ``__call__`` / bound-method / staticmethod indirections one call follows before ⊤."""

IDENTITY_DECORATORS = frozenset({"wraps", "lru_cache", "cache", "update_wrapper", "total_ordering"})


class CallRules(ExpressionRules, SummaryRules):
    """Calls, attribute access and class semantics."""

    def builtin_value(self, name: str) -> AbstractValue | None:
        return builtins_model.builtin_value(name)

    # ------------------------------------------------------------------------------ calls

    def expr_Call(self, node: ast.Call) -> AbstractValue:
        receiver: AbstractValue | None = None
        if isinstance(node.func, ast.Attribute):
            receiver = self.eval(node.func.value)
            function = self.get_attribute(receiver, node.func.attr, node.func)
            self.record(node.func, function)
        else:
            function = self.eval(node.func)
        args: list[AbstractValue] = []
        complete = True
        for argument in node.args:
            if isinstance(argument, ast.Starred):
                value = self.eval(argument.value)
                items, element = self.iteration(value, argument)
                if items is None:
                    complete = False
                    args.append(element)
                else:
                    args.extend(items)
            elif isinstance(argument, ast.GeneratorExp):
                self.consuming_generator = True
                args.append(self.eval(argument))
                self.consuming_generator = False
            else:
                args.append(self.eval(argument))
        kwargs: dict[str, AbstractValue] = {}
        for keyword in node.keywords:
            value = self.eval(keyword.value)
            if keyword.arg is not None:
                kwargs[keyword.arg] = value
                continue
            mapping = self.deref(value)
            if (
                isinstance(mapping, DictValue)
                and mapping.exact
                and all(isinstance(k, str) for k in mapping.key_constants())
            ):
                kwargs.update({str(k): v for k, v in mapping.entries})
            else:
                complete = False
                self.escape([value])
        if _is_unknown_callee(function):
            self.escape([*args, *kwargs.values(), *(() if receiver is None else (receiver,))])
            return TOP
        return self.call_value(function, args, kwargs, node, complete)

    def call_value(
        self,
        function: AbstractValue,
        args: list[AbstractValue],
        kwargs: dict[str, AbstractValue],
        node: ast.AST,
        complete: bool = True,
        *,
        indirection: int = 0,
    ) -> AbstractValue:
        """``function(*args, **kwargs)``; ``complete`` False when some arguments are unknown.

        ``indirection`` counts the ``__call__`` / bound-method / staticmethod hops already
        followed; past ``MAX_CALL_RESOLUTION`` the call is ⊤ (its arguments escape), which bounds
        self-referential chains such as ``A.__call__ = A()``.
        """
        if isinstance(function, FunctionValue):
            return self.call_function(function, args, kwargs, node, complete)
        if indirection > MAX_CALL_RESOLUTION:
            self.escape([function, *args, *kwargs.values()])
            return TOP
        if isinstance(function, BoundMethodValue):
            return self.call_value(
                function.function,
                [function.receiver, *args],
                kwargs,
                node,
                complete,
                indirection=indirection + 1,
            )
        if isinstance(function, MethodWrapperValue):
            if function.kind == "staticmethod":
                return self.call_value(
                    function.function, args, kwargs, node, complete, indirection=indirection + 1
                )
            self.escape([function, *args, *kwargs.values()])
            return TOP
        if isinstance(function, Ref):
            target = self.deref(function)
            if isinstance(target, ClassValue) and function.single is not None:
                return self.instantiate(function, target, args, kwargs, node, complete)
            if isinstance(target, InstanceValue):
                method = self.special_method(function, target, "__call__")
                if method is not None and method is not TOP:
                    return self.call_value(
                        method, args, kwargs, node, complete, indirection=indirection + 1
                    )
                if method is None and not self.has_unknown_base(target.cls):
                    self.fail(node, "type-error", f"'{target.class_name}' object is not callable")
            if isinstance(target, (ListValue, DictValue, SetValue)):
                self.fail(node, "type-error", f"'{self.type_name(target)}' object is not callable")
            self.escape([function, *args, *kwargs.values()])
            return TOP
        if isinstance(function, BuiltinTypeValue):
            return builtins_model.construct(self, function.pytype, args, kwargs, node, complete)
        if isinstance(function, BuiltinFunctionValue):
            return builtins_model.call_function(self, function.name, args, kwargs, node, complete)
        if isinstance(function, BuiltinMethodValue):
            return builtins_model.call_method(self, function, args, kwargs, node, complete)
        if isinstance(function, NativeValue):
            self.escape([a for a in (*args, *kwargs.values()) if _is_callable_value(a)])
            if not complete:
                return TOP
            return native_result(function.call(self.context(node, args, kwargs)))
        if isinstance(
            function, (IntValue, FloatValue, BoolValue, StrValue, TupleValue, ExceptionValue)
        ) or (function is NONE):
            self.fail(node, "type-error", f"'{self.type_name(function)}' object is not callable")
        self.escape([function, *args, *kwargs.values()])
        return TOP

    def call_function(
        self,
        function: FunctionValue,
        args: list[AbstractValue],
        kwargs: dict[str, AbstractValue],
        node: ast.AST,
        complete: bool,
    ) -> AbstractValue:
        """Analyse a call of a user function at this call site."""
        scope = self.scopes.scope_of(function.node)
        if (
            scope.is_generator
            or isinstance(function.node, ast.AsyncFunctionDef)
            or len(self.call_stack) >= self.settings.max_call_depth
            or self.is_running(function.node)
        ):
            self.escape([function, *args, *kwargs.values()])
            if scope.is_generator and not isinstance(function.node, ast.AsyncFunctionDef):
                return self.allocate(node, GeneratorValue(TOP))
            return TOP
        bindings = self.bind_arguments(function, args, kwargs, node, complete)
        if function.checked_annotations is None:
            return self.run_function(function, bindings, node)
        checks = []
        for contract in call_contracts():
            check = contract(function, bindings, self.context(node))
            if check is not None:
                if check.bindings is None:
                    self.raise_here()
                bindings = check.bindings
                checks.append(check)
        result = self.run_function(function, bindings, node)
        for check in checks:
            checked = check.check_return(result)
            if checked is None:
                self.raise_here()
            result = checked
        return result

    def run_function(
        self, function: FunctionValue, bindings: dict[str, AbstractValue], node: ast.AST | None
    ) -> AbstractValue:
        """Execute ``function``'s body with parameters bound to ``bindings``; its result.

        Through the call memo (``summaries``): an equal earlier call whose reads still hold is
        replayed instead of analysed again. The call site ``node`` (None for a function analysed
        with unknown arguments) is pushed for the reports made inside, outside the memo: a summary
        holds only the call sites inside the call, so it replays at any site.
        """
        if node is not None:
            self.reporter.call_sites.append((node, f"{function.qualname}(...)"))
        try:
            key = self.call_key(function, bindings)
            if key is None:
                return self.execute_function(function, bindings)
            return self.memoised(key, lambda: self.execute_function(function, bindings))
        finally:
            if node is not None:
                self.reporter.call_sites.pop()

    def execute_function(
        self, function: FunctionValue, bindings: dict[str, AbstractValue]
    ) -> AbstractValue:
        """Analyse ``function``'s body with parameters bound to ``bindings``; its result."""
        scope = self.scopes.scope_of(function.node)
        caller = self.live
        caller_locals = caller.locals
        saved_frame, saved_scope = self.frame, self.scope
        frame = Frame(scope, dict(function.closure), function, None)
        self.state = caller.with_frame({})
        self.frame, self.scope = frame, scope
        for name in sorted(scope.cells):
            frame.cells[name] = self.allocate_at(hash((id(function.node), name)), UNBOUND).single  # type: ignore[assignment]
        arguments = function.node.args
        annotated = {
            a.arg: a
            for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
            if a.annotation is not None
        }
        for name, value in bindings.items():
            parameter = annotated.get(name)
            if parameter is not None and parameter.annotation is not None:
                value = self.refine_by_annotation(value, parameter.annotation, parameter)
            self.write_name(name, value)
        positional = [*arguments.posonlyargs, *arguments.args]
        if positional:
            frame.first_argument = bindings.get(positional[0].arg)
        self.call_stack.append(function.node)
        self.note_analysed(function)
        saved_guards, saved_guarded = self.unknown_guards, self.guarded_callers
        self.guarded_callers += saved_guards > 0
        self.unknown_guards = 0
        try:
            if isinstance(function.node, ast.Lambda):
                value = self.eval(function.node.body)
                end, result = self.state, value
                raised = None
            else:
                flow = self.exec_block(function.node.body)
                end = join_states(flow.normal, flow.returned)
                result = flow.return_value
                if flow.normal is not None:
                    result = NONE if result is None else result.join(NONE)
                raised = flow.raised
        except Raised:
            self.state = None
            raise
        finally:
            self.unknown_guards, self.guarded_callers = saved_guards, saved_guarded
            self.call_stack.pop()
            self.frame, self.scope = saved_frame, saved_scope
            if self.state is None:
                self.state = caller
        if raised is not None and self.tracking:
            self.pending_raise = join_states(self.pending_raise, raised.with_frame(caller_locals))
        if end is None or result is None:
            self.state = caller
            raise Raised
        self.state = end.with_frame(caller_locals)
        return result

    def bind_arguments(
        self,
        function: FunctionValue,
        args: list[AbstractValue],
        kwargs: dict[str, AbstractValue],
        node: ast.AST,
        complete: bool,
    ) -> dict[str, AbstractValue]:
        """Match arguments to parameters as CPython does; certain mismatches are ``TypeError``s."""
        arguments = function.node.args
        name = function.qualname
        positional = [*arguments.posonlyargs, *arguments.args]
        result: dict[str, AbstractValue] = {}
        for parameter, value in zip(positional, args, strict=False):
            result[parameter.arg] = value
        if arguments.vararg is not None:
            extra = args[len(positional) :]
            result[arguments.vararg.arg] = (
                TupleValue.of(extra) if complete else TupleValue.summary(TOP)
            )
        elif len(args) > len(positional) and complete:
            low = len(positional) - len(arguments.defaults)
            count = (
                f"from {low} to {len(positional)}" if arguments.defaults else str(len(positional))
            )
            plural = "s" if len(positional) != 1 or arguments.defaults else ""
            were = "was" if len(args) == 1 else "were"
            self.fail(
                node,
                "type-error",
                f"{name}() takes {count} positional argument{plural} but {len(args)} {were} given",
            )
        keyword_names = {p.arg for p in arguments.args} | {p.arg for p in arguments.kwonlyargs}
        extra_keywords: list[tuple[object, AbstractValue]] = []
        for key, value in kwargs.items():
            if key in keyword_names:
                if key in result and complete:
                    self.fail(
                        node, "type-error", f"{name}() got multiple values for argument '{key}'"
                    )
                result[key] = value
            elif arguments.kwarg is not None:
                extra_keywords.append((key, value))
            elif complete:
                self.fail(
                    node, "type-error", f"{name}() got an unexpected keyword argument '{key}'"
                )
        if arguments.kwarg is not None:
            mapping = (
                DictValue(tuple(extra_keywords), complete) if complete else DictValue((), False)
            )
            result[arguments.kwarg.arg] = self.allocate(function.node, mapping)
        defaults = dict(
            zip(
                [p.arg for p in positional[len(positional) - len(arguments.defaults) :]],
                function.defaults,
                strict=True,
            )
        )
        defaults.update(function.kw_defaults)
        missing_positional: list[str] = []
        missing_keyword: list[str] = []
        for parameter in positional:
            if parameter.arg not in result:
                if parameter.arg in defaults:
                    result[parameter.arg] = defaults[parameter.arg]
                elif complete:
                    missing_positional.append(parameter.arg)
                else:
                    result[parameter.arg] = TOP
        for parameter in arguments.kwonlyargs:
            if parameter.arg not in result:
                if parameter.arg in defaults:
                    result[parameter.arg] = defaults[parameter.arg]
                elif complete:
                    missing_keyword.append(parameter.arg)
                else:
                    result[parameter.arg] = TOP
        for missing, kind in (
            (missing_positional, "positional"),
            (missing_keyword, "keyword-only"),
        ):
            if missing:
                plural = "s" if len(missing) > 1 else ""
                self.fail(
                    node,
                    "type-error",
                    f"{name}() missing {len(missing)} required {kind} argument{plural}: {_quoted_list(missing)}",
                )
        return result

    # ---------------------------------------------------------------------------- classes

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
            self.escape([ref, *args, *kwargs.values()])
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
        """The MRO of a user class as heap addresses (C3), and whether some base is unknown.

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
        unknown = False
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
            found = self.native_base_method(target.cls, name)
        if found is None:
            return TOP if unknown else None
        return self.bind(found, value, target.cls)

    def native_base_method(self, class_ref: AbstractValue, special: str) -> AbstractValue | None:
        """The user method that a native base class runs for ``special`` (e.g. a Keras
        ``Layer``'s ``__call__`` runs ``call``), looked up along the MRO; None if none."""
        for address in self.linearisation(class_ref)[0]:
            cls = self.heap_object(address)
            method = native_base_method(cls.bases, special) if isinstance(cls, ClassValue) else None
            if method is not None:
                found, _ = self.lookup_class(class_ref, method)
                return found if isinstance(found, FunctionValue) else None
        return None

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

    # ------------------------------------------------------------------------- attributes

    def expr_Attribute(self, node: ast.Attribute) -> AbstractValue:
        obj = self.eval(node.value)
        return self.get_attribute(obj, node.attr, node)

    def get_attribute(self, obj: AbstractValue, name: str, node: ast.AST) -> AbstractValue:
        if obj is TOP or isinstance(obj, UnknownModuleValue):
            return TOP
        if isinstance(obj, NativeValue):
            return native_result(obj.attribute(name, self.context(node)))
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
            return StrValue(None) if name in ("__name__", "__qualname__") else TOP
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
        if not instance.exact or unknown:
            return TOP
        for hook in ("__getattr__", "__getattribute__", "__slots__"):
            if self.lookup_class(instance.cls, hook)[0] is not None:
                return TOP
        if hasattr(object, name) or name in self.scopes.stored_attributes:
            return TOP
        self.fail(
            node, "attribute-error", f"'{instance.class_name}' object has no attribute '{name}'"
        )
        return TOP

    def class_attribute(self, ref: Ref, cls: ClassValue, name: str, node: ast.AST) -> AbstractValue:
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
        if unknown or hasattr(type, name) or name in self.scopes.stored_attributes:
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
        return native if native is not None else TOP

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
                    lambda o: ClassValue(
                        o.name,
                        o.node,
                        o.bases,
                        with_attribute(o.attributes, name, stored),
                        o.dataclass_like,
                    ),
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

    # ------------------------------------------------------------------------- decorators

    def apply_decorator(
        self, decorator: AbstractValue, function: AbstractValue, node: ast.expr
    ) -> AbstractValue:
        if isinstance(decorator, BuiltinTypeValue) and decorator.pytype in (
            staticmethod,
            classmethod,
            property,
        ):
            return MethodWrapperValue(decorator.pytype.__name__, function)
        if isinstance(decorator, BuiltinMethodValue) and decorator.type_name == "property":
            self.escape([function])
            return decorator.receiver
        if manager_name(node) in IDENTITY_DECORATORS:
            return function
        if isinstance(decorator, AnnotationCheckingDecorator):
            if isinstance(function, FunctionValue) and decorator.mode is not None:
                mode = (
                    "shared"
                    if "shared" in (function.checked_annotations, decorator.mode)
                    else decorator.mode
                )
                return replace(function, checked_annotations=mode)
            return function
        if manager_name(node) == "cached_property":
            return MethodWrapperValue("property", function)
        if isinstance(decorator, (FunctionValue, BoundMethodValue)) or (
            isinstance(decorator, Ref) and isinstance(self.deref(decorator), ClassValue)
        ):
            return self.call_value(decorator, [function], {}, node)
        if isinstance(decorator, NativeFunction):
            decorated = self.call_value(decorator, [function], {}, node)
            if decorated is function:
                return function
        self.escape([function])
        return TOP

    def apply_class_decorator(
        self, decorator: AbstractValue, cls: AbstractValue, node: ast.expr
    ) -> AbstractValue:
        if manager_name(node) == "dataclass" and isinstance(cls, Ref):
            self.update(
                cls,
                lambda o: (
                    ClassValue(o.name, o.node, o.bases, o.attributes, True)
                    if isinstance(o, ClassValue)
                    else o
                ),
            )
            return cls
        if manager_name(node) == "total_ordering":
            return cls
        if isinstance(decorator, FunctionValue):
            return self.call_value(decorator, [cls], {}, node)
        self.escape([cls])
        return TOP

    # ---------------------------------------------------------------------- context managers

    def enter_context(
        self, manager: AbstractValue, node: ast.expr
    ) -> tuple[AbstractValue, AbstractValue]:
        """``manager.__enter__()`` and the bound ``__exit__`` (⊤ when not a user class)."""
        target = self.deref(manager)
        if isinstance(target, InstanceValue):
            enter = self.special_method(manager, target, "__enter__")
            exit_method = self.special_method(manager, target, "__exit__")
            entered = self.call_value(enter, [], {}, node) if enter not in (None, TOP) else TOP
            return entered, exit_method if exit_method is not None else TOP
        return TOP, TOP

    def call_exit(
        self, exit_method: AbstractValue, node: ast.expr, argument: AbstractValue
    ) -> AbstractValue:
        """``exit_method(argument, argument, argument)``; ⊤ when it certainly raises."""
        try:
            return self.call_value(exit_method, [argument, argument, argument], {}, node)
        except Raised:
            self.state = None
            return TOP


def _is_unknown_callee(function: AbstractValue) -> bool:
    return function is TOP or isinstance(function, UnknownModuleValue)


def _is_callable_value(value: AbstractValue) -> bool:
    return isinstance(value, (FunctionValue, BoundMethodValue, MethodWrapperValue))


def _quoted_list(names: list[str]) -> str:
    quoted = [f"'{n}'" for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return f"{quoted[0]} and {quoted[1]}"
    return ", ".join(quoted[:-1]) + f", and {quoted[-1]}"
