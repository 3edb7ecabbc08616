"""Values computed for expressions and bindings, checked against CPython where practical."""

from __future__ import annotations

from tensorls.analyses.domains.base import TOP

from .helpers import agrees_with_cpython, describe, errors, value_of


def test_integer_arithmetic_is_constant_folded() -> None:
    source = "x = 5\ny = x * 3 + 2\nz = y // 4\nw = y / 2\n"
    assert describe(source, "y") == "int = 17"
    assert describe(source, "z") == "int = 4"
    assert describe(source, "w") == "float = 8.5"
    agrees_with_cpython(source, "y", "z", "w")


def test_join_of_constants_is_an_interval() -> None:
    source = """
    import random
    if random.random() > 0.5:
        n = 16
    else:
        n = 32
    m = n
    """
    assert describe(source, "m") == "int in [16, 32]"


def test_strings_and_fstrings() -> None:
    source = 'a = "ab" * 2\nb = f"{a}-{3}"\nc = "x,y".split(",")\n'
    assert describe(source, "a") == "str = 'abab'"
    assert describe(source, "b") == "str = 'abab-3'"
    assert describe(source, "c") == "list[str = 'x', str = 'y']"
    agrees_with_cpython(source, "a", "b", "c")


def test_indexing_bytes_gives_an_int() -> None:
    source = 'x = b"ab"\ny = x[0]\nz = y.bit_length()\nc = "ab"[-1]\n'
    assert describe(source, "y") == "int = 97"
    assert describe(source, "c") == "str = 'b'"
    assert errors(source) == []
    agrees_with_cpython(source, "y", "z", "c")


def test_aliasing_through_augmented_assignment_is_visible() -> None:
    source = "a = [1]\nb = a\na += [2]\nc = b\n"
    assert describe(source, "c") == "list[int = 1, int = 2]"
    agrees_with_cpython(source, "c")


def test_rebinding_with_plus_does_not_change_the_alias() -> None:
    source = "a = [1]\nb = a\na = a + [2]\nc = b\nd = a\n"
    assert describe(source, "c") == "list[int = 1] (length 1)"
    assert describe(source, "d") == "list[int = 1, int = 2]"
    agrees_with_cpython(source, "c", "d")


def test_mutation_through_method_is_visible_through_aliases() -> None:
    source = "a = []\nb = a\nb.append(3)\nn = len(a)\n"
    assert describe(source, "n") == "int = 1"
    agrees_with_cpython(source, "n")


def test_tuple_and_star_unpacking() -> None:
    source = "t = (1, 2, 3, 4)\nfirst, *middle, last = t\nx, (y, z) = 1, (2, 3)\n"
    assert describe(source, "first") == "int = 1"
    assert describe(source, "middle") == "list[int = 2, int = 3]"
    assert describe(source, "last") == "int = 4"
    assert describe(source, "z") == "int = 3"
    agrees_with_cpython(source, "first", "middle", "last", "z")


def test_and_or_return_operands() -> None:
    source = 'a = 0 or "default"\nb = 3 and 4\nc = None and 1\n'
    assert describe(source, "a") == "str = 'default'"
    assert describe(source, "b") == "int = 4"
    assert describe(source, "c") == "None"
    agrees_with_cpython(source, "a", "b", "c")


def test_chained_comparison_evaluates_the_middle_once() -> None:
    source = """
    calls = []
    def middle():
        calls.append(1)
        return 5
    ok = 1 < middle() < 10
    n = len(calls)
    """
    assert describe(source, "ok") == "bool = True"
    assert describe(source, "n") == "int = 1"
    agrees_with_cpython(source, "ok", "n")


def test_conditional_expression_and_walrus() -> None:
    source = "x = 3\ny = 'big' if (z := x * 2) > 5 else 'small'\n"
    assert describe(source, "y") == "str = 'big'"
    assert describe(source, "z", line=2) == "int = 6"
    agrees_with_cpython(source, "y", "z")


def test_subscripts_and_slices() -> None:
    source = (
        "t = (10, 20, 30)\na = t[-1]\nb = t[1:]\nd = {'k': 1.5}\nc = d['k']\ns = 'hello'[1:3]\n"
    )
    assert describe(source, "a") == "int = 30"
    assert describe(source, "b") == "tuple[int = 20, int = 30]"
    assert describe(source, "c") == "float = 1.5"
    agrees_with_cpython(source, "a", "b", "c", "s")


def test_comprehensions_have_their_own_scope() -> None:
    source = """
    x = 'outer'
    squares = [x * x for x in range(4)]
    evens = {x for x in range(6) if x % 2 == 0}
    table = {x: x + 1 for x in (1, 2)}
    total = sum(x for x in range(5))
    after = x
    """
    assert describe(source, "squares") == "list[int = 0, int = 1, int = 4, int = 9]"
    assert describe(source, "after") == "str = 'outer'"
    assert describe(source, "table") == "dict {1: int = 2, 2: int = 3}"
    assert describe(source, "total") == "int = 10"
    agrees_with_cpython(source, "squares", "evens", "table", "total", "after")


def test_evaluation_order_of_assignment_is_right_hand_side_first() -> None:
    source = """
    log = []
    def key():
        log.append('key')
        return 0
    def value():
        log.append('value')
        return 1
    d = {}
    d[key()] = value()
    order = tuple(log)
    """
    assert describe(source, "order") == "tuple[str = 'value', str = 'key']"
    agrees_with_cpython(source, "order")


def test_unknown_module_attributes_are_top() -> None:
    source = "import scipy.signal as signal\nlayer = signal.get_window('hann', 10)\n"
    assert value_of(source, "layer") is TOP


def test_lazy_generator_reads_values_at_consumption() -> None:
    source = """
    items = [1, 2]
    gen = (i * 10 for i in items)
    items.append(3)
    result = list(gen)
    """
    assert value_of(source, "result").contains([10, 20, 30])
    agrees_with_cpython(source, "result")
