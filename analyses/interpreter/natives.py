"""The extension point for library models (NumPy, ...): native values, functions and modules.

A library model describes its objects as ``NativeValue`` subclasses and overrides the hooks the
interpreter calls when the program operates on them. Every hook has a ⊤-safe default, so a model
only implements what it knows. Hooks receive a ``CallContext`` giving the arguments, the node being
evaluated, a way to report a diagnostic, value helpers and constructors. Hooks must never raise for
a well-formed abstract input; if one does, the interpreter turns the affected statement into ⊤.

Modules are bound by ``register_module_model(name, factory)``; ``import numpy as np``,
``from numpy import linalg`` and ``import numpy.random`` then resolve to the registered models
(``numpy.random`` as attribute ``random`` of the ``numpy`` model falls back to the model registered
as ``"numpy.random"``). Modules with no model are ⊤ modules. Annotation refiners registered with
``register_annotation_refiner`` narrow the value of annotated parameters and assignments.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from ..domains.base import TOP, AbstractValue
from ..domains.bools import BoolValue
from ..domains.functions import FunctionValue
from ..domains.none import NONE
from ..domains.numbers import FloatValue, IntValue
from ..domains.sequences import TupleValue
from ..domains.strings import StrValue
from ..facts import AnalysisSettings, Span


class InterpreterHost(Protocol):
    """What a ``CallContext`` needs from the interpreter (implemented by the interpreter)."""

    def report_from_native(
        self,
        code: str,
        message: str,
        node: ast.AST,
        certain: bool,
        related: Sequence[tuple[Span, str]],
        warning: bool,
    ) -> None: ...

    def raise_here(self) -> None: ...

    def span_of(self, node: ast.AST) -> Span: ...

    def fixed_span_of(self, node: ast.AST) -> Span: ...

    def sequence_items(self, value: AbstractValue) -> list[AbstractValue] | None: ...

    def allocate_list(self, items: Sequence[AbstractValue], node: ast.AST) -> AbstractValue: ...

    def allocate_iterator(self, element: AbstractValue, node: ast.AST) -> AbstractValue: ...

    def model_state(self, name: Hashable, initial: AbstractValue) -> AbstractValue: ...

    def set_model_state(self, name: Hashable, value: AbstractValue) -> None: ...

    def exit_program(self) -> None: ...

    def caller_spans(self) -> tuple[Span, ...]: ...

    def note_projection_read(self) -> None: ...

    def escape(self, values: Iterable[AbstractValue]) -> None: ...

    @property
    def settings(self) -> AnalysisSettings: ...

    def record(self, node: ast.AST, value: AbstractValue) -> None: ...

    def frame_storage(self) -> dict[str, object]: ...

    def function_scope_name(self) -> str: ...

    def dict_entries(self, value: AbstractValue) -> list[tuple[object, AbstractValue]] | None: ...

    def iterated_items(self, value: AbstractValue) -> list[AbstractValue] | None: ...

    def iterator_element(self, value: AbstractValue) -> AbstractValue | None: ...

    def allocate_dict(
        self, entries: Sequence[tuple[object, AbstractValue]], node: ast.AST
    ) -> AbstractValue: ...


class CallContext:
    """The evaluation context handed to every native hook.

    ``args`` and ``kwargs`` are the call's arguments (empty for attribute access, operators and the
    like). The interpreter only invokes ``NativeValue.call`` when every argument is known
    individually (no unpacking of an unknown ``*args``/``**kwargs``); otherwise the result is ⊤.
    """

    __slots__ = ("_host", "args", "kwargs", "node")

    NONE = NONE
    TOP = TOP

    def __init__(
        self,
        host: InterpreterHost,
        node: ast.AST,
        args: Sequence[AbstractValue] = (),
        kwargs: Mapping[str, AbstractValue] | None = None,
    ) -> None:
        self._host = host
        self.node = node
        self.args: list[AbstractValue] = list(args)
        self.kwargs: dict[str, AbstractValue] = dict(kwargs or {})

    def arg(
        self, index: int | None, keyword: str | None = None, default: AbstractValue | None = None
    ) -> AbstractValue | None:
        """Positional argument ``index`` if given, else keyword ``keyword``, else ``default``."""
        if index is not None and index < len(self.args):
            return self.args[index]
        if keyword is not None and keyword in self.kwargs:
            return self.kwargs[keyword]
        return default

    def span(self, node: ast.AST | None = None) -> Span:
        """The span of ``node`` (default: the node being evaluated); it follows the node when an
        edit moves its lines (``anchored_spans``)."""
        return self._host.span_of(node if node is not None else self.node)

    def fixed_span(self, node: ast.AST | None = None) -> Span:
        """The span of ``node`` (default: the node being evaluated) now, for text that names its
        line and for spans kept in sets: an edit that moves the node invalidates what used it."""
        return self._host.fixed_span_of(node if node is not None else self.node)

    def report(
        self,
        code: str,
        message: str,
        *,
        node: ast.AST | None = None,
        certain: bool = True,
        related: Sequence[tuple[Span, str]] = (),
        warning: bool = False,
    ) -> None:
        """Report a failure at ``node`` (default: the node being evaluated).

        ``certain`` True means the operation fails on every execution reaching it (an error);
        False means it may fail (a warning, shown only in "possible" mode). ``warning`` True is
        advice rather than a failure (e.g. a shape hint contradicting the inferred shape): a
        warning in every mode, which no handler can swallow. The interpreter adds the call-site
        chain when inside an analysed user function and drops failure reports that a
        surrounding ``try`` or ``with`` could swallow.
        """
        self._host.report_from_native(
            code, message, node if node is not None else self.node, certain, related, warning
        )

    @staticmethod
    def int_constant(value: AbstractValue | None) -> int | None:
        """The integer if ``value`` is a known ``int`` (or ``bool``) constant."""
        if isinstance(value, IntValue):
            return value.constant
        if isinstance(value, BoolValue) and value.value is not None:
            return int(value.value)
        return None

    @staticmethod
    def float_constant(value: AbstractValue | None) -> float | None:
        """The number if ``value`` is a known ``float`` or ``int`` constant."""
        if isinstance(value, FloatValue):
            return value.value
        constant = CallContext.int_constant(value)
        return float(constant) if constant is not None else None

    @staticmethod
    def str_constant(value: AbstractValue | None) -> str | None:
        if isinstance(value, StrValue) and isinstance(value.value, str):
            return value.value
        return None

    @staticmethod
    def bool_constant(value: AbstractValue | None) -> bool | None:
        if isinstance(value, BoolValue):
            return value.value
        return None

    @staticmethod
    def is_none(value: AbstractValue | None) -> bool:
        return value is NONE

    def sequence_items(self, value: AbstractValue | None) -> list[AbstractValue] | None:
        """The items of a tuple or list of known length (lists are read from the heap)."""
        if value is None:
            return None
        return self._host.sequence_items(value)

    def iterated_items(self, value: AbstractValue | None) -> list[AbstractValue] | None:
        """The items iterating ``value`` produces, in order, when known without running code: a
        tuple or list of known length, or an iterator of known items (``zip`` of such lists)."""
        if value is None:
            return None
        return self._host.iterated_items(value)

    def iterator_element(self, value: AbstractValue | None) -> AbstractValue | None:
        """What each item of the iterator ``value`` is (a Python generator's yields joined,
        when the interpreter ran it), None when ``value`` is not an iterator."""
        if value is None:
            return None
        return self._host.iterator_element(value)

    def dict_entries(
        self, value: AbstractValue | None
    ) -> list[tuple[object, AbstractValue]] | None:
        """The entries of a dict whose keys are all known constants (read from the heap)."""
        if value is None:
            return None
        return self._host.dict_entries(value)

    def make_dict(self, entries: Sequence[tuple[object, AbstractValue]]) -> AbstractValue:
        """A new dict object of constant keys, allocated at the node being evaluated."""
        return self._host.allocate_dict(entries, self.node)

    @staticmethod
    def make_int(value: int | None = None) -> AbstractValue:
        return IntValue() if value is None else IntValue.constant_of(value)

    @staticmethod
    def make_float(value: float | None = None) -> AbstractValue:
        return FloatValue(value)

    @staticmethod
    def make_bool(value: bool | None = None) -> AbstractValue:
        return BoolValue(value)

    @staticmethod
    def make_str(value: str | None = None) -> AbstractValue:
        return StrValue(value)

    @staticmethod
    def make_tuple(items: Sequence[AbstractValue]) -> AbstractValue:
        return TupleValue.of(tuple(items))

    def make_list(self, items: Sequence[AbstractValue]) -> AbstractValue:
        """A new list object holding ``items``, allocated at the node being evaluated."""
        return self._host.allocate_list(items, self.node)

    def make_iterator(self, element: AbstractValue) -> AbstractValue:
        """A new iterator of unknown length whose items are all described by ``element``,
        allocated at the node being evaluated (``next()`` reads it)."""
        return self._host.allocate_iterator(element, self.node)

    @property
    def rank_projection(self) -> int | None:
        """The rank the analysis projects the program onto (``AnalysisSettings.rank``): None for
        the ordinary analysis (any rank), 0 for rank 0, 1 for any rank r >= 1 of a run of >= 2
        processes; None too for a host without settings. Asked in the ordinary analysis, the
        question is counted (``Interpretation.projection_reads``): the model's result there may
        differ from a projection's."""
        settings = getattr(self._host, "settings", None)
        if not isinstance(settings, AnalysisSettings):
            return None
        if settings.rank is None:
            self._host.note_projection_read()
        return settings.rank

    def model_state(self, name: Hashable, initial: AbstractValue) -> AbstractValue:
        """The model's state value ``name`` on the current path (see ``interpreter.model_state``):
        joined at merges, widened in loops and carried through calls like a module variable;
        ``initial`` where never set (joined with it where set on some paths only)."""
        return self._host.model_state(name, initial)

    def set_model_state(self, name: Hashable, value: AbstractValue) -> None:
        """Set the model's state value ``name`` on the current path."""
        self._host.set_model_state(name, value)

    def exit_program(self) -> None:
        """The program certainly ends here (``sys.exit``): its model state is kept as one of the
        program's ends, and the current path leaves by raising (``SystemExit``)."""
        self._host.exit_program()

    def escape(self, values: Iterable[AbstractValue]) -> None:
        """Unknown code receives ``values`` (a collective writing into its arguments): the heap
        objects they reach may change, and become unknown (a host without a heap has nothing
        to change)."""
        escape = getattr(self._host, "escape", None)
        if escape is not None:
            escape(values)

    def caller_spans(self) -> tuple[Span, ...]:
        """The call sites of the analysed user functions leading from the module body to the
        node being evaluated, outermost first (empty at module level)."""
        return self._host.caller_spans()

    def record(self, node: ast.AST, value: AbstractValue) -> None:
        """Show ``value`` on hover over ``node`` (joined with what earlier visits recorded)."""
        self._host.record(node, value)

    def frame_storage(self) -> dict[str, object]:
        """A mapping private to the current execution of the current function body (or the
        module, or a class body), for models that keep per-execution facts (e.g. what the names
        of shape annotations stand for); gone when the execution ends."""
        return self._host.frame_storage()

    def function_scope_name(self) -> str:
        """The qualified name of the function being executed (``<module>`` at module level); for
        a method, the qualified name of its class, so that a class's methods share it."""
        return self._host.function_scope_name()

    def at(self, node: ast.AST) -> CallContext:
        """This context evaluating ``node`` instead (e.g. to allocate a second object of one
        call at a site of its own), without arguments."""
        return CallContext(self._host, node)

    def invoke(
        self,
        function: AbstractValue,
        args: Sequence[AbstractValue],
        kwargs: Mapping[str, AbstractValue] | None = None,
        *,
        complete: bool = True,
    ) -> AbstractValue:
        """``function(*args, **kwargs)`` analysed by the interpreter at the node being evaluated
        (a user function, lambda or bound method such as ``list.append``); ⊤ when the host
        cannot call. ``complete`` False when the call may pass more arguments than these (a user
        function then binds what is given, its other parameters are ⊤ and no arity error is
        reported)."""
        call_value = getattr(self._host, "call_value", None)
        if call_value is None:
            return TOP
        result: AbstractValue = call_value(
            function, list(args), dict(kwargs or {}), self.node, complete
        )
        return result


class NativeValue(AbstractValue):
    """A value modelled by a library model. Override the hooks you can answer.

    Operator names are ``ast`` class names: binary ``Add``, ``Sub``, ``Mult``, ``MatMult``,
    ``Div``, ``FloorDiv``, ``Mod``, ``Pow``, ``LShift``, ``RShift``, ``BitOr``, ``BitXor``,
    ``BitAnd``; unary ``UAdd``, ``USub``, ``Invert`` (``not`` goes through ``truth``);
    comparisons ``Eq``, ``NotEq``, ``Lt``, ``LtE``, ``Gt``, ``GtE``.
    """

    __slots__ = ()

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        """``self.name``."""
        return TOP

    def binary(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        """``self op other`` (or ``other op self`` when ``reflected``); ``NotImplemented`` to decline.

        If every candidate declines for an operation involving a native value, the result is ⊤ (a
        model reports its own failures; the interpreter never reports for it).
        """
        return NotImplemented

    def inplace(self, op: str, other: AbstractValue, ctx: CallContext) -> object:
        """``self op= other``; ``NotImplemented`` falls back to ``binary``."""
        return NotImplemented

    def unary(self, op: str, ctx: CallContext) -> AbstractValue:
        return TOP

    def compare(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        """``self op other``; ``NotImplemented`` to decline (the result is then ⊤)."""
        return NotImplemented

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        """``self[index]``; a slice index arrives as a ``SliceValue``."""
        return TOP

    def store_subscript(self, index: AbstractValue, value: AbstractValue, ctx: CallContext) -> None:
        """``self[index] = value`` (values are immutable: report failures here, nothing else)."""
        return None

    def call(self, ctx: CallContext) -> AbstractValue:
        """``self(*ctx.args, **ctx.kwargs)``."""
        return TOP

    def convert(self, pytype: type, ctx: CallContext) -> AbstractValue | None:
        """``int(self)``, ``float(self)`` or ``str(self)`` (``pytype``) when known; None when
        unknown (the result is then any value of the type)."""
        return None

    def truth(self, ctx: CallContext) -> bool | None:
        """``bool(self)`` when certain; None when unknown (report ambiguity here if it fails)."""
        return None

    def iterate(self, ctx: CallContext) -> AbstractValue:
        """The value of every element produced by ``iter(self)``."""
        return TOP

    def items(self, ctx: CallContext) -> Sequence[AbstractValue] | None:
        """The elements ``iter(self)`` produces, in order, when their number is known (unpacking
        and loops then see each one); None otherwise."""
        return None

    def length(self, ctx: CallContext) -> AbstractValue:
        """``len(self)``."""
        return TOP

    def enter(self, ctx: CallContext) -> AbstractValue:
        """``with self as target``: the value ``__enter__`` gives (⊤ when unknown)."""
        return TOP

    def decorate(self, function: AbstractValue, ctx: CallContext) -> AbstractValue | None:
        """As a decorator of ``function``: the decorated value; ``None`` when unknown (the
        function then escapes and the decorated name is ⊤)."""
        return None

    def rebinds_receiver(self, method: str) -> bool:
        """Whether calling the method ``method`` changes this (immutable) value in place into
        the call's result (``tensor.unsqueeze_(0)``): the interpreter then rebinds the name or
        attribute the receiver was read from to the result. Other aliases of the old value are
        not updated."""
        return False

    def dict_key(self) -> object | None:
        """A hashable identity under which this value is an exact dict key (a TensorFlow 1
        placeholder in a ``feed_dict``), or None (then a dict holding it as a key is summarised).
        Two values with equal identities must be interchangeable as keys."""
        return None

    def may_be_none(self) -> bool:
        """Whether this value also stands for ``None`` (e.g. a gradient that may be missing):
        ``value is None`` is then undecided instead of certainly false."""
        return False

    def subclass_method(self, special: str) -> str | None:
        """As a base of a user class: the name of the user method that the special method
        ``special`` of its instances runs (Keras's ``Layer.__call__`` runs ``call``); ``None``
        when it is unknown (the special method is then ⊤)."""
        return None

    def subclass_call(
        self, special: str, method: AbstractValue, ctx: CallContext
    ) -> AbstractValue | None:
        """As a base of a user class: call the special method ``special`` of an instance with
        ``ctx.args`` and ``ctx.kwargs``, where ``method`` is the bound user method it runs (the
        one ``subclass_method`` names), e.g. after filling in or dropping arguments as the base's
        own special method does (calling it through ``ctx.invoke``). ``None`` when the base
        passes the arguments unchanged (the interpreter then calls ``method`` with them)."""
        return None

    def subclass_attribute(self, name: str) -> AbstractValue | None:
        """As a base of a user class: the base's own method ``name`` as an instance or
        ``super()`` sees it when no user class defines it (e.g. a Keras layer's ``__init__``, a
        ``torch.nn.Module``'s ``train``); it is bound to the instance, so it is called with the
        instance as argument 0. ``None`` when unknown (⊤, and the instance escapes)."""
        return None

    def recorded(self, ctx: CallContext) -> AbstractValue:
        """This value as recorded for hover at the node being evaluated: a value whose
        description depends on heap objects it references (a model's list of layers) returns a
        copy holding a snapshot of them."""
        return self

    def held_values(self) -> Sequence[AbstractValue]:
        """The values this object holds (e.g. a reference to a heap list of its parts): they stay
        alive while it does, and unknown code receiving it can reach them."""
        return ()

    def instance_classes(self) -> tuple[str, ...]:
        """Every modelled library class (``LibraryClass.path``) each concrete value is an
        instance of, or empty when that is not known. A non-empty list is complete: for a
        modelled class it lists, ``isinstance(self, C)`` is true, for one it does not, false (a
        model adding a ``LibraryClass`` adds it to the lists of the values that are instances of
        it), except those of ``maybe_classes``."""
        return ()

    def exact_class(self) -> str | None:
        """The modelled library class (``LibraryClass.path``, one of ``instance_classes``) every
        concrete value is exactly an instance of (its ``type()``), None when not known."""
        return None

    def maybe_classes(self) -> tuple[str, ...]:
        """Modelled library classes not in ``instance_classes`` that a concrete value may
        nevertheless be an instance of (``isinstance`` against them is unknown)."""
        return ()


class NativeFunction(NativeValue):
    """A function implemented by a model: ``impl(ctx)`` computes the result of a call."""

    __slots__ = ("impl", "name")

    def __init__(self, name: str, impl: Callable[[CallContext], AbstractValue]) -> None:
        self.name = name
        self.impl = impl

    def call(self, ctx: CallContext) -> AbstractValue:
        return self.impl(ctx)

    def describe(self) -> str:
        return f"function {self.name}"

    def contains(self, concrete: object) -> bool:
        return callable(concrete)

    def __repr__(self) -> str:
        return f"NativeFunction({self.name!r})"


class LibraryClass(NativeFunction):
    """A class of a modelled library (``numpy.ndarray``, ``tf.Tensor``, ``torch.nn.Module``,
    ``keras.layers.Layer``), or, when ``path`` is None, a class known only by the modelled
    classes it derives from (``type(t)`` of a tensor whose exact class is not modelled).

    ``path`` names the class once, whatever module it is reached from (``tf.keras.Model`` and
    ``keras.Model`` are ``"keras.Model"``): two classes of different paths are different
    objects. ``ancestors`` lists this class (when ``path`` is known) and every modelled library
    class it derives from. A modelled class derives from no builtin type other than ``object``,
    is no metaclass and its metaclass decides ``isinstance`` by the MRO alone (``type``, or
    ``abc.ABCMeta`` with nothing registered: ``tf.Variable``), so a value of a builtin type, a
    class or an instance of a user class without library bases is never an instance of it. Calling it runs ``impl``; equality is by path and ancestors."""

    __slots__ = ("ancestors", "path")

    def __init__(
        self,
        name: str,
        impl: Callable[[CallContext], AbstractValue],
        path: str | None,
        ancestors: tuple[str, ...] = (),
    ) -> None:
        super().__init__(name, impl)
        self.path = path
        self.ancestors = ancestors if path is None or path in ancestors else (path, *ancestors)

    @property
    def short_name(self) -> str | None:
        """The class's ``__name__`` (the last part of its path), None when unknown."""
        return self.path.rsplit(".", 1)[-1] if self.path is not None else None

    def describe(self) -> str:
        return f"class {self.path}" if self.path is not None else "class"

    def contains(self, concrete: object) -> bool:
        return isinstance(concrete, type)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, LibraryClass)
            and type(other) is type(self)
            and (self.name, self.path, self.ancestors) == (other.name, other.path, other.ancestors)
        )

    def __hash__(self) -> int:
        return hash((self.name, self.path, self.ancestors))

    def __repr__(self) -> str:
        return f"LibraryClass({self.path!r})"


def type_of_native(value: NativeValue) -> AbstractValue:
    """``type(value)``: its exact class when the model knows it (calling it is ⊤), else a class
    known by the modelled classes it derives from, ⊤ if none."""
    ancestors = value.instance_classes()
    if not ancestors:
        return TOP
    exact = value.exact_class()
    if exact is not None:
        return LibraryClass(exact.rsplit(".", 1)[-1], lambda ctx: TOP, exact, ancestors)
    return LibraryClass("type", lambda ctx: TOP, None, ancestors)


class NativeModule(NativeValue):
    """A modelled module: ``attributes`` maps names to values; other names are ⊤ (or submodules)."""

    __slots__ = ("attributes", "name")

    def __init__(self, name: str, attributes: Mapping[str, AbstractValue]) -> None:
        self.name = name
        self.attributes = dict(attributes)

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        value = self.attributes.get(name)
        if value is not None:
            return value
        submodule = module_model(f"{self.name}.{name}")
        return submodule if submodule is not None else TOP

    def describe(self) -> str:
        return f"module {self.name}"

    def __repr__(self) -> str:
        return f"NativeModule({self.name!r})"


def native_base_method(
    bases: Sequence[AbstractValue], special: str
) -> tuple[NativeValue, str] | None:
    """The first native base among a class's direct bases that runs a user method for the
    special method ``special``, with that method's name (see ``NativeValue.subclass_method``)."""
    for base in bases:
        if isinstance(base, NativeValue):
            method = base.subclass_method(special)
            if method is not None:
                return base, method
    return None


def native_base_attribute(bases: Sequence[AbstractValue], name: str) -> AbstractValue | None:
    """The attribute ``name`` of the first native base among ``bases`` that knows it (see
    ``NativeValue.subclass_attribute``)."""
    for base in bases:
        if isinstance(base, NativeValue):
            found = base.subclass_attribute(name)
            if found is not None:
                return found
    return None


def native_result(result: object) -> AbstractValue:
    """A hook's result as a value: anything that is not an ``AbstractValue`` becomes ⊤."""
    return result if isinstance(result, AbstractValue) else TOP


class AnnotationCheckingDecorator(NativeValue):
    """A decorator that returns the function it decorates, checking its annotations at each call
    (``beartype``, ``typeguard.typechecked``, ``jaxtyping.jaxtyped(typechecker=...)``).

    ``mode`` is ``"independent"`` when each annotation is checked on its own, ``"shared"`` when
    the names of shape annotations are bound across the parameters and the return value of one
    call (jaxtyping), ``None`` when nothing is checked. The interpreter marks the decorated
    function (``FunctionValue.checked_annotations``) and the registered call contracts act on it.
    """

    __slots__ = ("mode", "name")

    def __init__(self, name: str, mode: str | None) -> None:
        self.name = name
        self.mode = mode

    def decorate(self, function: AbstractValue, ctx: CallContext) -> AbstractValue | None:
        """The function itself, marked as checked (anything else is returned unchanged)."""
        if isinstance(function, FunctionValue) and self.mode is not None:
            shared = "shared" in (function.checked_annotations, self.mode)
            return replace(function, checked_annotations="shared" if shared else self.mode)
        return function

    def describe(self) -> str:
        return f"decorator {self.name}"

    def contains(self, concrete: object) -> bool:
        return callable(concrete)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AnnotationCheckingDecorator) and (self.name, self.mode) == (
            other.name,
            other.mode,
        )

    def __hash__(self) -> int:
        return hash((self.name, self.mode))


ModuleFactory = Callable[[], AbstractValue]
AnnotationRefiner = Callable[[AbstractValue, ast.expr, CallContext], "AbstractValue | None"]


@dataclass(frozen=True)
class ContractCheck:
    """What a call contract found at a call: the parameters' ``bindings`` narrowed (``None``:
    the call certainly raises before its body runs) and ``check_return``, which narrows the
    returned value (``None``: the call certainly raises after its body)."""

    bindings: dict[str, AbstractValue] | None
    check_return: Callable[[AbstractValue], AbstractValue | None]


CallContract = Callable[
    [FunctionValue, dict[str, AbstractValue], CallContext], "ContractCheck | None"
]

_module_factories: dict[str, ModuleFactory] = {}
_module_models: dict[str, AbstractValue] = {}
_annotation_refiners: list[AnnotationRefiner] = []
_call_contracts: list[CallContract] = []


def register_module_model(module_name: str, factory: ModuleFactory) -> None:
    """Make ``import module_name`` (and ``from`` imports of it) resolve to ``factory()``.

    The factory is called once, on first use; its value is shared by all analyses, so it must be
    immutable.
    """
    _module_factories[module_name] = factory
    _module_models.pop(module_name, None)


def module_model(module_name: str) -> AbstractValue | None:
    """The registered model of ``module_name``, or None when there is none."""
    model = _module_models.get(module_name)
    if model is None:
        factory = _module_factories.get(module_name)
        if factory is None:
            return None
        model = factory()
        _module_models[module_name] = model
    return model


def register_annotation_refiner(refiner: AnnotationRefiner) -> None:
    """Add ``refiner(value, annotation, ctx) -> AbstractValue | None`` for annotated names.

    Refiners are tried in registration order for annotated parameters and annotated assignments;
    the first non-None result replaces the value.
    """
    if refiner not in _annotation_refiners:
        _annotation_refiners.append(refiner)


def annotation_refiners() -> tuple[AnnotationRefiner, ...]:
    return tuple(_annotation_refiners)


def register_call_contract(contract: CallContract) -> None:
    """Add ``contract(function, bindings, ctx)``, consulted at every call of a user function
    whose annotations are checked at run time (``FunctionValue.checked_annotations``).

    It runs at the call site before the body with the parameters' ``bindings`` and reports what
    it finds there; its :class:`ContractCheck` (or None: nothing to say) narrows the bindings and
    the result, or says the call certainly raises.
    """
    if contract not in _call_contracts:
        _call_contracts.append(contract)


def call_contracts() -> tuple[CallContract, ...]:
    return tuple(_call_contracts)
