"""The reporting contract: certain failures are errors, possible ones warnings in "possible" mode,
nothing where a handler could swallow the exception, and budgets end in one information."""

from __future__ import annotations

import pytest
from tensorls.analyses import analyse
from tensorls.analyses.facts import AnalysisSettings, Severity

from .helpers import codes, cpython, errors, run


@pytest.mark.parametrize(
    ("source", "code", "exception"),
    [
        ("print(undefined_name)\n", "name-error", NameError),
        ("def f():\n    print(x)\n    x = 1\nf()\n", "unbound-local", UnboundLocalError),
        ("y = 1 + 'a'\n", "type-error", TypeError),
        ("f = None\nf()\n", "type-error", TypeError),
        ("d = 0\nz = 10 / d\n", "zero-division", ZeroDivisionError),
        ("t = (1, 2)\nt[5]\n", "index-error", IndexError),
        ("d = {'a': 1}\nd['b']\n", "key-error", KeyError),
        ("a, b = (1, 2, 3)\n", "value-error", ValueError),
        ("n = int('abc')\n", "value-error", ValueError),
        ("len(5)\n", "type-error", TypeError),
        ("x = None\nx.shape\n", "attribute-error", AttributeError),
    ],
)
def test_certain_failures_are_errors_and_cpython_agrees(
    source: str, code: str, exception: type
) -> None:
    assert [d.code for d in errors(source)] == [code]
    with pytest.raises(exception):
        cpython(source)


def test_error_message_is_cpythons() -> None:
    (found,) = errors("y = 1 + 'a'\n")
    try:
        cpython("y = 1 + 'a'\n")
    except TypeError as error:
        assert found.message == str(error)


def test_no_report_inside_try_that_could_catch() -> None:
    assert errors("try:\n    1 / 0\nexcept ZeroDivisionError:\n    pass\n") == []


def test_no_report_inside_function_called_from_try() -> None:
    source = "def f():\n    return 1 / 0\ntry:\n    f()\nexcept Exception:\n    pass\n"
    assert errors(source) == []


def test_no_report_inside_swallowing_context_managers() -> None:
    source = """
    import pytest
    with pytest.raises(TypeError):
        1 + 'a'
    """
    assert errors(source) == []


def test_report_inside_context_manager_known_to_propagate() -> None:
    source = "with open('f') as handle:\n    1 + 'a'\n"
    assert [d.code for d in errors(source)] == ["type-error"]


def test_code_after_a_certain_failure_is_not_reported() -> None:
    assert len(errors("d = 0\nx = 1 / d\ny = 1 + 'a'\n")) == 1


def test_literal_division_by_zero_is_a_deliberate_raise_not_a_report() -> None:
    assert errors("def boom():\n    1 / 0\n    1 + 'a'\n") == []


def test_possible_failures_are_warnings_only_in_possible_mode() -> None:
    source = """
    import random
    d = 0 if random.random() > 0.5 else 2
    r = 1 / d
    """
    assert codes(source) == []
    diagnostics = run(source, mode="possible").diagnostics
    assert [(d.code, d.severity) for d in diagnostics] == [("zero-division", Severity.WARNING)]


def test_possibly_unbound_name_is_a_warning_in_possible_mode() -> None:
    source = """
    import random
    if random.random() > 0.5:
        v = 1
    print(v)
    """
    assert codes(source) == []
    assert codes(source, mode="possible") == ["name-error"]


def test_star_import_disables_name_errors() -> None:
    assert errors("from os.path import *\nprint(join)\nprint(anything)\n") == []


def test_budget_exceeded_gives_one_information_diagnostic() -> None:
    loops = "\n".join(f"for i{k} in range(50):\n    x = i{k} * 2" for k in range(200))
    result = run(loops, time_budget_ms=1)
    budget = [d for d in result.diagnostics if d.code == "analysis-budget"]
    assert len(budget) == 1
    assert budget[0].severity is Severity.INFORMATION
    assert result.budget_exceeded


def test_should_stop_cancels_the_analysis() -> None:
    loops = "\n".join(f"for i{k} in range(50):\n    x = i{k} * 2" for k in range(200))
    result = analyse(loops, AnalysisSettings(), should_stop=lambda: True)
    assert [d.code for d in result.diagnostics] == ["analysis-budget"]


def test_syntax_error_path_is_kept() -> None:
    result = analyse("def f(:\n")
    assert [d.code for d in result.diagnostics] == ["syntax-error"]
    assert not result.syntax_ok


@pytest.mark.parametrize(
    "source",
    [
        "x = " + "(" * 200 + "1" + ")" * 200 + "\n",
        "x = " + " + ".join(["1"] * 3000) + "\n",
        "def f(*a, **k): return f(*a, **k)\nf(1)\n",
        "class A(A): pass\n",
        "import sys\nsys.setrecursionlimit(10)\nexec('x = 1')\nprint(x)\n",
        "while True:\n    pass\n",
        "x = [1]\nx[0] = x\nprint(x[0][0][0])\n",
        "async def f():\n    async with g() as h:\n        await h\n",
        "x = 2 ** 100000\ny = 'a' * 10**9\n",
    ],
)
def test_never_crashes_and_never_hangs(source: str) -> None:
    result = analyse(source, AnalysisSettings(time_budget_ms=2000))
    assert all(d.code != "syntax-error" for d in result.diagnostics)


def test_string_formatting_of_a_user_object_is_not_a_type_error() -> None:
    source = "class N:\n    pass\ntext = '%s' % N()\nflag = __debug__\n"
    assert errors(source) == []
    cpython(source)


def test_module_name_handed_to_a_call_may_create_globals() -> None:
    source = (
        "import enum\nenum.IntEnum._convert_('Made', __name__, lambda n: False)\nvalue = Made\n"
    )
    assert errors(source) == []
