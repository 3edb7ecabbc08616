"""Calls: user functions (inlined per call, bounded), builtins and native models; decorators and
context managers (the object model, classes and attributes, is in ``object_model``).

A call to a user function is analysed at the call site with the abstract arguments (context
sensitivity by inlining). Recursion and calls nested deeper than ``max_call_depth`` are not
followed: the callee and the arguments escape (see ``MachineCore.escape``) and the result is ⊤.
"""

from __future__ import annotations

import ast
from dataclasses import replace

from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.classes import (
    BuiltinTypeValue,
    ClassValue,
    ExceptionValue,
    InstanceValue,
)
from ...domains.containers import DictValue, SetValue
from ...domains.functions import (
    BoundMethodValue,
    BuiltinFunctionValue,
    BuiltinMethodValue,
    FunctionValue,
    GeneratorValue,
    MethodWrapperValue,
)
from ...domains.modules import UnknownModuleValue
from ...domains.none import NONE
from ...domains.numbers import FloatValue, IntValue
from ...domains.references import Ref
from ...domains.sequences import ListValue, TupleValue
from ...domains.strings import StrValue
from ..core.machine import Frame, Raised
from ..core.state import UNBOUND, join_states
from ..incremental.summaries import SummaryRules
from ..natives import (
    NativeFunction,
    NativeValue,
    call_contracts,
    native_result,
)
from . import builtin_methods, builtins_model
from .context_managers import manager_name
from .expressions import ExpressionRules
from .object_model import ObjectModelRules

MAX_CALL_RESOLUTION = 16
"""How many ``__call__`` / bound-method / staticmethod indirections one call follows before ⊤."""

IDENTITY_DECORATORS = frozenset({"wraps", "lru_cache", "cache", "update_wrapper", "total_ordering"})


class CallRules(ExpressionRules, ObjectModelRules, SummaryRules):
    """Calls of user functions, builtins and native models; decorators and context managers."""

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
            result: AbstractValue = TOP
        else:
            result = self.call_value(function, args, kwargs, node, complete)
        if (
            isinstance(receiver, NativeValue)
            and isinstance(node.func, ast.Attribute)
            and receiver.rebinds_receiver(node.func.attr)
        ):
            self.rebind_receiver(node.func.value, result)
        return result

    def rebind_receiver(self, target: ast.expr, value: AbstractValue) -> None:
        """A native value changed in place into ``value`` (``x.unsqueeze_(0)``): the name or
        attribute it was read from now holds ``value``. Any other receiver expression, and any
        alias of the old value, is beyond this (see ``NativeValue.rebinds_receiver``)."""
        if isinstance(target, ast.Name):
            self.write_name(target.id, value)
        elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
            obj = self.read_name(target.value.id, target.value)
            self.set_attribute(obj, target.attr, value, target)

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
                    base = self.native_special_base(target, "__call__") if complete else None
                    if base is not None:
                        through_base = base.subclass_call(
                            "__call__", method, self.context(node, args, kwargs)
                        )
                        if through_base is not None:
                            return through_base
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
            return builtin_methods.call_method(self, function, args, kwargs, node, complete)
        if isinstance(function, NativeValue):
            self.hand_generators_over([*args, *kwargs.values()])  # type: ignore[attr-defined]
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
        scope = self.scope_of_function(function.node)
        if (
            scope.is_generator
            and not isinstance(function.node, ast.AsyncFunctionDef)
            and function.checked_annotations is None
        ):
            return self.make_generator(  # type: ignore[attr-defined, no-any-return]
                function, self.bind_arguments(function, args, kwargs, node, complete), node
            )
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
            self.reporter.call_sites.append((self.call_site(node), f"{function.qualname}(...)"))
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
        caller = self.live
        caller_locals = caller.locals
        saved_frame, saved_scope = self.frame, self.scope
        self.enter_frame(function, bindings, {})
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
        except Exception:
            # Raised (the call certainly fails) or an internal error: the caller goes on (or
            # fails) from its own state, never from the callee's frame.
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

    def enter_frame(
        self,
        function: FunctionValue,
        bindings: dict[str, AbstractValue],
        locals_: dict[object, AbstractValue],
    ) -> Frame:
        """Make a new frame of ``function`` current: the store's locals become ``locals_`` (the
        heap and globals stay shared), its cells are allocated and its parameters bound to
        ``bindings`` (refined by their annotations); the frame runs in the function's module
        (``Frame.module``: a call into another module's function switches module with the frame).
        The caller saves and restores its own; when
        binding raises (an internal error in an annotation), the caller's frame, scope and store
        are current again before the exception leaves."""
        caller, saved_frame, saved_scope = self.live, self.frame, self.scope
        module = self.module_of(function.node)
        scopes = self.document_scopes if module is None else module.scopes
        scope = scopes.scope_of(function.node)
        frame = Frame(scope, dict(function.closure), function, None, module=module)
        self.state = caller.with_frame(locals_)
        self.frame, self.scope = frame, scope
        for name in sorted(scope.cells):
            frame.cells[name] = self.allocate_at(hash((id(function.node), name)), UNBOUND).single  # type: ignore[assignment]
        arguments = function.node.args
        annotated = {
            a.arg: a
            for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
            if a.annotation is not None
        }
        try:
            for name, value in bindings.items():
                parameter = annotated.get(name)
                if parameter is not None and parameter.annotation is not None:
                    value = self.refine_by_annotation(value, parameter.annotation, parameter)
                self.write_name(name, value)
        except BaseException:
            self.frame, self.scope, self.state = saved_frame, saved_scope, caller
            raise
        positional = [*arguments.posonlyargs, *arguments.args]
        if positional:
            frame.first_argument = bindings.get(positional[0].arg)
        return frame

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
        if isinstance(decorator, NativeValue):
            decorated = decorator.decorate(function, self.context(node))
            if decorated is not None:
                return decorated
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
                lambda o: replace(o, dataclass_like=True) if isinstance(o, ClassValue) else o,
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
        if isinstance(target, NativeValue):
            return target.enter(self.context(node)), TOP
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
