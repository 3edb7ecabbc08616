"""Classes: instances, inheritance and MRO, super(), properties, operator dispatch."""

from __future__ import annotations

from tensorls.analyses.domains.base import TOP

from .helpers import agrees_with_cpython, cpython, describe, errors, value_of


def test_init_methods_and_attributes() -> None:
    source = """
    class Point:
        dims = 2
        def __init__(self, x, y):
            self.x = x
            self.y = y
        def norm1(self):
            return abs(self.x) + abs(self.y)
    p = Point(3, -4)
    n = p.norm1()
    d = p.dims
    """
    assert describe(source, "n") == "int = 7"
    assert describe(source, "d") == "int = 2"
    agrees_with_cpython(source, "n", "d")


def test_inheritance_mro_and_super() -> None:
    source = """
    class A:
        def name(self):
            return 'A'
    class B(A):
        def name(self):
            return 'B' + super().name()
    class C(A):
        def name(self):
            return 'C' + super().name()
    class D(B, C):
        def name(self):
            return 'D' + super().name()
    result = D().name()
    """
    assert describe(source, "result") == "str = 'DBCA'"
    agrees_with_cpython(source, "result")


def test_bound_methods_call_and_property() -> None:
    source = """
    class Scale:
        def __init__(self, factor):
            self._factor = factor
        @property
        def factor(self):
            return self._factor
        def __call__(self, v):
            return v * self.factor
    s = Scale(3)
    method = s.__call__
    a = s(2)
    b = method(5)
    c = s.factor
    """
    assert describe(source, "a") == "int = 6"
    assert describe(source, "b") == "int = 15"
    assert describe(source, "c") == "int = 3"
    agrees_with_cpython(source, "a", "b", "c")


def test_class_attribute_shared_through_instances() -> None:
    source = """
    class Counter:
        created = 0
        def __init__(self):
            Counter.created += 1
    Counter()
    Counter()
    n = Counter.created
    """
    assert describe(source, "n") == "int = 2"
    agrees_with_cpython(source, "n")


def test_user_binary_operator_and_reflected_operator() -> None:
    source = """
    class Money:
        def __init__(self, cents):
            self.cents = cents
        def __add__(self, other):
            if isinstance(other, Money):
                return Money(self.cents + other.cents)
            return NotImplemented
        def __radd__(self, other):
            return Money(self.cents + other)
    total = (Money(5) + Money(7)).cents
    shifted = (3 + Money(4)).cents
    """
    assert describe(source, "total") == "int = 12"
    assert describe(source, "shifted") == "int = 7"
    agrees_with_cpython(source, "total", "shifted")


def test_reflected_operator_of_a_subclass_is_tried_first() -> None:
    source = """
    class Base:
        def __add__(self, other):
            return 'base'
    class Derived(Base):
        def __radd__(self, other):
            return 'derived'
    result = Base() + Derived()
    """
    assert describe(source, "result") == "str = 'derived'"
    agrees_with_cpython(source, "result")


def test_type_error_when_both_operands_decline() -> None:
    found = errors("class A:\n    pass\nA() + 1\n")
    assert [d.code for d in found] == ["type-error"]
    assert found[0].message == "unsupported operand type(s) for +: 'A' and 'int'"


def test_in_place_dunder_is_used_for_augmented_assignment() -> None:
    source = """
    class Bag:
        def __init__(self):
            self.items = []
        def __iadd__(self, item):
            self.items.append(item)
            return self
    bag = Bag()
    alias = bag
    bag += 'x'
    n = len(alias.items)
    """
    assert describe(source, "n") == "int = 1"
    agrees_with_cpython(source, "n")


def test_dataclass_is_top_safe() -> None:
    source = """
    from dataclasses import dataclass
    @dataclass
    class Config:
        lr: float = 0.1
        epochs: int = 3
    c = Config(epochs=5)
    e = c.epochs
    """
    assert value_of(source, "e").contains(5)
    assert errors(source) == []


def test_unknown_base_class_makes_missing_attributes_top() -> None:
    source = """
    import tensorflow as tf
    class Model(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.units = 4
    m = Model()
    w = m.trainable_variables
    """
    assert value_of(source, "w") is TOP
    assert errors(source) == []


def test_missing_attribute_on_exact_instance_is_reported() -> None:
    found = errors("class A:\n    def __init__(self):\n        self.x = 1\nA().y\n")
    assert [d.message for d in found] == ["'A' object has no attribute 'y'"]


def test_rich_comparison_tries_the_subclass_reflection_first() -> None:
    source = """
    class Base:
        def __lt__(self, other):
            return 'Base.__lt__'
    class Sub(Base):
        def __gt__(self, other):
            return 'Sub.__gt__'
    result = Base() < Sub()
    """
    assert describe(source, "result") == "str = 'Sub.__gt__'"
    agrees_with_cpython(source, "result")


def test_not_equal_falls_back_to_eq() -> None:
    source = """
    class P:
        def __init__(self, x):
            self.x = x
        def __eq__(self, other):
            return self.x == other.x
    result = P(1) != P(2)
    """
    assert describe(source, "result") == "bool = True"
    agrees_with_cpython(source, "result")


def test_enum_members_are_top_not_their_raw_values() -> None:
    source = """
    import enum
    class Colour(enum.Enum):
        RED = 1
    c = Colour.RED
    name = c.name
    """
    assert value_of(source, "c") is TOP
    assert errors(source) == []


def test_init_subclass_hook_runs() -> None:
    source = """
    class Plugin:
        registry = []
        def __init_subclass__(cls, **kwargs):
            Plugin.registry.append(cls.__name__)
    class First(Plugin):
        pass
    names = Plugin.registry
    """
    assert describe(source, "names") == "list[str = 'First'] (length 1)"
    agrees_with_cpython(source, "names")


def test_init_subclass_is_an_implicit_class_method() -> None:
    source = """
    class Template:
        def __init_subclass__(cls):
            cls.flag = 1
    Template.__init_subclass__()
    """
    assert errors(source) == []
    cpython(source)


def test_attribute_set_on_some_paths_is_not_reported() -> None:
    source = """
    class Lexer:
        def __init__(self, punctuation):
            if punctuation:
                self.pushback = []
        def read(self):
            return self.pushback
    Lexer('').read
    """
    assert errors(source) == []


def test_descriptors_get_and_set_are_called() -> None:
    source = """
    class Positive:
        def __set_name__(self, owner, name):
            self.name = '_' + name
        def __get__(self, obj, owner):
            return getattr(obj, self.name, 0)
        def __set__(self, obj, value):
            setattr(obj, self.name, max(value, 0))
    class Account:
        balance = Positive()
    acc = Account()
    acc.balance = -5
    clipped = acc.balance
    """
    assert value_of(source, "clipped").contains(0)
    agrees_with_cpython(source, "clipped")


def test_getattribute_override_is_used() -> None:
    source = """
    class Loud:
        def __init__(self):
            self.x = 1
        def __getattribute__(self, name):
            value = object.__getattribute__(self, name)
            return value * 100 if isinstance(value, int) else value
    x = Loud().x
    """
    assert value_of(source, "x").contains(100)
    agrees_with_cpython(source, "x")
