"""Definition rules: ``def`` and ``class`` statements.

``def`` evaluates the defaults and (unless annotations are postponed) the annotations, failures in
an annotation not being reported (see ``eval_annotation``), makes a ``FunctionValue`` holding the
cells of the enclosing frame it closes over, and applies the decorators innermost first. ``class``
runs its body in a namespace of its own, allocates the ``ClassValue`` on the heap (its functions
know the class as their owner; ``__init_subclass__`` and ``__class_getitem__`` are class methods
and ``__new__`` a static method, as CPython makes them), calls the bases' ``__init_subclass__`` and
applies the class decorators; a metaclass or ``**`` keywords make the class's bases include ⊤.
"""

from __future__ import annotations

import ast

from ...domains.base import TOP, AbstractValue
from ...domains.classes import ClassValue
from ...domains.functions import FunctionValue, MethodWrapperValue
from ...domains.strings import USER_MODULE, StrValue
from ..core.flow import Flow
from ..core.machine import Frame, MachineCore, Raised
from ..core.scopes import all_arguments


class DefinitionRules(MachineCore):
    """Executes ``def``, ``async def`` and ``class``; makes functions (lambdas too)."""

    def stmt_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> Flow:
        decorators = [self.eval(d) for d in node.decorator_list]
        function = self.make_function(node)
        value: AbstractValue = function
        for decorator, decorator_node in zip(
            reversed(decorators), reversed(node.decorator_list), strict=True
        ):
            value = self.apply_decorator(decorator, value, decorator_node)
        self.write_name(node.name, value)
        return Flow(self.state)

    stmt_AsyncFunctionDef = stmt_FunctionDef

    def make_function(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    ) -> FunctionValue:
        arguments = node.args
        defaults = tuple(self.eval(d) for d in arguments.defaults)
        kw_defaults = tuple(
            (a.arg, self.eval(d))
            for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
            if d is not None
        )
        if not isinstance(node, ast.Lambda) and not self.scopes.annotations_postponed:
            for argument in _annotated_arguments(arguments):
                self.eval_annotation(argument.annotation)  # type: ignore[arg-type]
            if node.returns is not None:
                self.eval_annotation(node.returns)
        scope = self.scopes.scope_of(node)
        closure = tuple(
            (name, self.frame.cells[name])
            for name in sorted(scope.free)
            if name in self.frame.cells
        )
        name = "<lambda>" if isinstance(node, ast.Lambda) else node.name
        qualname = self.qualname_prefix() + name
        function = FunctionValue(node, name, qualname, defaults, kw_defaults, closure)
        self.note_function_seen(function)
        return function

    def qualname_prefix(self) -> str:
        parts: list[str] = []
        scope = self.scope
        while scope.parent is not None:
            node = scope.node
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                parts.append(node.name + ".<locals>")
            elif isinstance(node, ast.ClassDef):
                parts.append(node.name)
            scope = scope.parent
        return "".join(part + "." for part in reversed(parts))

    def eval_annotation(self, node: ast.expr) -> None:
        """Evaluate a parameter or return annotation at ``def`` time without reporting: a certain
        failure there still makes the ``def`` raise (``Raised`` propagates, the rest of the
        block is unreachable), so nothing after it is reported as if it were reached."""
        saved = self.reporter.swallowing
        self.reporter.swallowing += 1
        try:
            self.eval(node)
        finally:
            self.reporter.swallowing = saved

    def stmt_ClassDef(self, node: ast.ClassDef) -> Flow:
        decorators = [self.eval(d) for d in node.decorator_list]
        bases = tuple(self.eval(b) for b in node.bases)
        keywords = {k.arg: self.eval(k.value) for k in node.keywords}
        if "metaclass" in keywords or any(k is None for k in keywords):
            bases = (*bases, TOP)
        scope = self.scopes.scope_of(node)
        saved_frame, saved_scope, outer = self.frame, self.scope, self.live
        class_frame = Frame(scope, dict(saved_frame.cells), module=saved_frame.module)
        namespace: dict[object, AbstractValue] = {
            "__module__": StrValue(None, str, True, USER_MODULE),
            "__qualname__": StrValue(self.qualname_prefix() + node.name),
        }
        self.state = outer.with_frame(namespace)
        self.frame, self.scope = class_frame, scope
        try:
            body = self.exec_block(node.body)
        finally:
            self.frame, self.scope = saved_frame, saved_scope
        inner = body.normal
        if inner is None:
            self.state = None
            raise Raised
        self.state = inner.with_frame(outer.locals)
        attributes = tuple(
            (name, _implicit_wrapper(name, value))
            for name, value in (inner.locals or {}).items()
            if isinstance(name, str)
        )
        cls = ClassValue(node.name, node, bases, attributes)
        ref = self.allocate(node, cls)
        address = ref.single
        assert address is not None
        owned = tuple((name, _with_owner(value, address)) for name, value in attributes)
        self.store_object(address, ClassValue(node.name, node, bases, owned))
        self.init_subclass(
            ref, {k: v for k, v in keywords.items() if k is not None and k != "metaclass"}, node
        )
        value: AbstractValue = ref
        for decorator, decorator_node in zip(
            reversed(decorators), reversed(node.decorator_list), strict=True
        ):
            value = self.apply_class_decorator(decorator, value, decorator_node)
        self.write_name(node.name, value)
        return Flow(self.state)


IMPLICIT_CLASS_METHODS = {
    "__init_subclass__": "classmethod",
    "__class_getitem__": "classmethod",
    "__new__": "staticmethod",
}


def _implicit_wrapper(name: str, value: AbstractValue) -> AbstractValue:
    """Plain functions named ``__init_subclass__``/``__class_getitem__`` are class methods and
    ``__new__`` a static method, as CPython makes them."""
    kind = IMPLICIT_CLASS_METHODS.get(name)
    if kind is not None and isinstance(value, FunctionValue):
        return MethodWrapperValue(kind, value)
    return value


def _with_owner(value: AbstractValue, owner: tuple[int, int]) -> AbstractValue:
    if isinstance(value, FunctionValue):
        return value.with_owner(owner)
    if isinstance(value, MethodWrapperValue) and isinstance(value.function, FunctionValue):
        return MethodWrapperValue(value.kind, value.function.with_owner(owner))
    return value


def _annotated_arguments(arguments: ast.arguments) -> list[ast.arg]:
    """Every parameter with an annotation, in the order CPython evaluates them."""
    return [argument for argument in all_arguments(arguments) if argument.annotation is not None]
