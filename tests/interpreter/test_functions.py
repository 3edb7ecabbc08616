"""Functions: parameters, closures, decorators, generators, recursion, call-site reports."""

from __future__ import annotations

from tensorls.analyses.domains.base import TOP

from .helpers import agrees_with_cpython, describe, errors, run, value_of


def test_defaults_varargs_kwargs_and_keyword_only() -> None:
    source = """
    def f(a, b=2, *rest, c, d=4, **extra):
        return (a, b, rest, c, d, extra)
    result = f(1, 3, 5, 6, c=7, e=8)
    """
    assert describe(source, "result").startswith(
        "tuple[int = 1, int = 3, tuple[int = 5, int = 6], int = 7"
    )
    agrees_with_cpython(source, "result")


def test_positional_only_parameters() -> None:
    source = "def f(a, /, b):\n    return a - b\nresult = f(10, b=3)\n"
    assert describe(source, "result") == "int = 7"


def test_missing_argument_is_a_certain_type_error() -> None:
    found = errors("def f(a, b):\n    return a\nf(1)\n")
    assert [d.code for d in found] == ["type-error"]
    assert found[0].message == "f() missing 1 required positional argument: 'b'"


def test_lambda_and_closure_with_nonlocal() -> None:
    source = """
    def counter():
        count = 0
        def increment():
            nonlocal count
            count += 1
            return count
        return increment
    tick = counter()
    tick()
    second = tick()
    double = (lambda v: v * 2)(21)
    """
    assert describe(source, "second") == "int = 2"
    assert describe(source, "double") == "int = 42"
    agrees_with_cpython(source, "second", "double")


def test_closures_see_late_binding() -> None:
    source = """
    def make():
        x = 1
        def get():
            return x
        x = 2
        return get
    result = make()()
    """
    assert describe(source, "result") == "int = 2"
    agrees_with_cpython(source, "result")


def test_unknown_decorator_gives_top_and_body_is_analysed_quietly() -> None:
    source = """
    import somelib
    @somelib.register
    def f(x):
        y = 2
        return None()
    result = f(1)
    """
    assert value_of(source, "result") is TOP
    assert describe(source, "y") == "int = 2"
    assert errors(source) == []


def test_known_identity_decorator_keeps_the_function() -> None:
    source = """
    import functools
    @functools.lru_cache(maxsize=None)
    def square(n):
        return n * n
    result = square(4)
    """
    assert describe(source, "result") == "int = 16"


def test_generators_are_top_safe() -> None:
    source = """
    def gen(n):
        for i in range(n):
            yield i * 2
    values = list(gen(3))
    """
    assert value_of(source, "values").contains([0, 2, 4])
    agrees_with_cpython(source, "values")


def test_recursion_is_bounded() -> None:
    source = """
    def fact(n):
        return 1 if n <= 1 else n * fact(n - 1)
    result = fact(10)
    """
    assert value_of(source, "result").contains(3628800)
    agrees_with_cpython(source, "result")


def test_uncalled_function_is_analysed_with_unknown_arguments() -> None:
    source = """
    def never_called(x):
        y = x + 1
        zero = 0
        return (y, 1 / zero)
    """
    found = errors(source)
    assert [d.code for d in found] == ["zero-division"]


def test_report_inside_function_carries_the_call_site() -> None:
    source = """
    def add(a, b):
        return a + b
    add(1, 'x')
    """
    found = errors(source)
    assert [d.code for d in found] == ["type-error"]
    assert found[0].span.start.line == 2
    assert any(r.span.start.line == 3 for r in found[0].related)


def test_function_called_with_good_and_bad_arguments_reports_once_per_bad_call() -> None:
    source = """
    def inverse(x):
        return 1 / x
    a = inverse(2)
    b = inverse(0)
    """
    result = run(source)
    assert [d.code for d in result.diagnostics] == ["zero-division"]


def test_mutable_default_argument_is_shared_between_calls() -> None:
    source = """
    def f(acc=[]):
        acc.append(1)
        return len(acc)
    f()
    second = f()
    """
    assert value_of(source, "second").contains(2)
    agrees_with_cpython(source, "second")


def test_global_bound_by_an_uncalled_function_is_not_a_name_error() -> None:
    source = """
    def use():
        return table[0]
    def setup():
        global table
        table = [1]
    """
    assert errors(source) == []


def test_internal_errors_are_reported_for_inspection() -> None:
    assert run("x = [i for i in range(3)]\n").internal_errors == ()


def test_global_rebound_by_a_function_is_unknown_in_uncalled_functions() -> None:
    source = """
    _thread = None
    def _setup(module):
        global _thread
        _thread = module
    def ident():
        return _thread.get_ident()
    """
    assert errors(source) == []
