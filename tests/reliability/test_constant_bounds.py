"""Constants are computed only within size bounds: a program with huge constants is analysed
quickly, in little memory, and reports nothing false; constants within the bounds stay exact.

(The 100,000 nested unary operators of the issue are in ``test_compile_errors``: CPython cannot
compile them, and the analysis says so.)"""

from __future__ import annotations

import random

import pytest
from tensorls.analyses.interpreter.semantics.sizes import (
    MAX_CONSTANT_SIZE,
    MAX_INT_BITS,
    binary_fits,
    formatted_length,
    string_method_fits,
)

from ..interpreter.helpers import agrees_with_cpython, describe, errors, run
from .watchdog import AnalysisWorker

BUDGET_MS = 2000
HANG_LIMIT_SECONDS = 60.0
PEAK_GROWTH_LIMIT_MB = 100

QUOTED = [
    "x = (((10**256)**256)**256)**256\n",
    'x = "a".ljust(3 * 10**9)\n',
    'x = "%1000000000d" % 1\n',
    'x = f"{1:1000000000}"\n',
    'x = "x" * 10**10\n',
    "x = [0] * 10**10\n",
]
MORE = [
    'x = "{:1000000000}".format(1)\n',
    'x = "{:{}}".format(1, 10**9)\n',
    'x = "%*d" % (10**9, 1)\n',
    'x = "ab".center(10**9)\n',
    'x = "7".zfill(10**9)\n',
    'x = "a\\tb".expandtabs(10**9)\n',
    'x = ("ab" * 5000).replace("", "cd" * 5000)\n',
    'x = ("x" * 5000).join(["y" * 5000] * 200)\n',
    'x = "ab".__mul__(10**10)\n',
    'x = "a".__format__("1000000000")\n',
    'x = "a".__format__(">1000000000")\n',
    'x = format(1, "1000000000")\n',
    "x = 1 << 10**9\n",
    "x = (1).__lshift__(10**9)\n",
    "x = (10).__pow__(10**9)\n",
    "x = (5).to_bytes(10**9, 'big')\n",
    "x = round(5, -10**8)\n",
    "x = 2 ** 4000\nfor _ in range(60):\n    x = x * x\n",
    "x = 3\nfor _ in range(40):\n    x = x ** 2\n",
    "t = (1, 2)\nfor _ in range(40):\n    t = t + t\n",
    "s = 'ab'\nfor _ in range(40):\n    s = s + s\n",
    "x = (1, 2) * 10**10\n",
    "x = b'ab' * 10**10\n",
    "x = str(7 ** 100_000)\n",
    "x = 0x" + "f" * 200_000 + "\ny = str(x)\n",
    "import numpy as np\nx = np.array([1, 2], ndmin=10**9)\n",
    "import numpy as np\nx = np.array_split(np.zeros(10), 10**9)\n",
]


@pytest.mark.parametrize("source", QUOTED + MORE)
def test_huge_constants_end_quickly_and_report_nothing_false(
    worker: AnalysisWorker, source: str
) -> None:
    answer = worker.analyse(source, BUDGET_MS, HANG_LIMIT_SECONDS)
    assert answer["diagnostics"] == []
    assert answer["peak_growth_mb"] < PEAK_GROWTH_LIMIT_MB


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("x = 2 ** 100\n", f"int = {2**100}"),
        ("x = 10 ** 2000 + 1\n", f"int = {10**2000 + 1}"),
        ("x = 1 << 8000\n", f"int = {1 << 8000}"),
        ("x = 3 ** 10**6\n", "int"),
        ("x = -(3 ** 10**6)\n", "int"),
        ("x = (-3) ** (10**6 + 1)\n", "int"),
        ("x = 1 << 10**9\n", "int"),
        ('x = "ab".ljust(5)\n', "str = 'ab   '"),
        ('x = "a".ljust(3 * 10**9)\n', "str"),
        ('x = "%5d" % 3\n', "str = '    3'"),
        ('x = "%1000000000d" % 1\n', "str"),
        ('x = "{:>4}".format("a")\n', "str = '   a'"),
        ('x = "-".join(["a", "b"])\n', "str = 'a-b'"),
        ('x = "x" * 10**10\n', "str"),
        ('x = "a".__format__(">5")\n', "str = '    a'"),
        ('x = "a".__format__(">1000000000")\n', "unknown"),
        ("x = round(1234, -2)\n", "int = 1200"),
        ("x = round(5, -10**8)\n", "unknown"),
        ("x = 3 ** 10**400\n", "int"),
        ("s = 'ab'\nx = f'{s}{s}'\n", "str = 'abab'"),
        ("s = 'ab' * 100\nx = f'" + "{s}" * 60 + "'\n", "str"),
    ],
)
def test_values_within_bounds_exact_beyond_them_unknown(source: str, expected: str) -> None:
    assert describe(source, "x") == expected


@pytest.mark.parametrize("exponent", ["10**400", "10**2000"])
def test_a_huge_exponent_is_no_internal_error(exponent: str) -> None:
    """An exponent too large for a float made the size estimate itself raise OverflowError."""
    source = f"x = 3 ** {exponent}\ny = (3).__pow__({exponent})\n"
    assert run(source).internal_errors == ()


def test_values_within_bounds_agree_with_cpython() -> None:
    source = (
        "a = 2 ** 1000 * 3 ** 500 - 7\n"
        "b = 'ab'.center(9, '*') + 'x'.zfill(4) + 'a\\tb'.expandtabs(4)\n"
        "c = '%-6s|%06.2f|%x' % ('ab', 3.14159, 255) if False else '%-6s|' % 'ab'\n"
        "d = '{0}{1:>5}{0}'.format('q', 42)\n"
        "e = 'a,b,,c'.replace(',', ';;').upper()\n"
        "f = (7).__pow__(30) + (1).__lshift__(100)\n"
        "g = round(123456, -3)\n"
        "h = '%r' % 'é'\n"
    )
    agrees_with_cpython(source, "a", "b", "c", "d", "e", "f", "g", "h")
    assert errors(source) == []


def test_formatted_length_bounds_cpythons_result() -> None:
    generator = random.Random(11)
    directives = ["%d", "%5d", "%-8s", "%r", "%a", "%x", "%.3f", "%e", "%c", "%%", "%010.4f", "%s"]
    fields = ["{}", "{:>7}", "{!r}", "{0:^9}", "{:,}", "{:b}", "{:.2e}", "{{}}", "{:08.3f}"]
    arguments: list[object] = [0, 7, -3, 255, 2**200, 3.5, 1e300, "", "ab", "é\x00\U0001f600"]
    for _ in range(2000):
        argument = generator.choice(arguments)
        template = "".join(generator.choice(directives) for _ in range(generator.randint(1, 3)))
        if template.count("%") - 2 * template.count("%%") == 1:
            try:
                text = template % (argument,)
            except (TypeError, ValueError, OverflowError):
                text = ""
            assert len(text) <= formatted_length(template, (argument,)), (template, argument)
        pattern = "x".join(generator.choice(fields) for _ in range(generator.randint(1, 3)))
        try:
            text = pattern.format(argument, argument)
        except (TypeError, ValueError, IndexError, OverflowError):
            text = ""
        assert len(text) <= formatted_length(pattern, (argument, argument)), (pattern, argument)


def test_string_methods_allowed_stay_within_bounds() -> None:
    generator = random.Random(12)
    receivers = ["", "ab", "a\tb\tc", "ß" * 100, "x" * MAX_CONSTANT_SIZE, "é,é" * 50]
    calls: list[tuple[str, tuple[object, ...]]] = [
        ("upper", ()),
        ("title", ()),
        ("encode", ()),
        ("ljust", (9999,)),
        ("center", (20,)),
        ("zfill", (10**9,)),
        ("expandtabs", (4,)),
        ("expandtabs", (10**6,)),
        ("replace", ("", "xy")),
        ("replace", ("a", "b" * 50)),
        ("replace", ("é", "zz", 3)),
        ("split", (",",)),
        ("__mul__", (3,)),
        ("__mul__", (10**7,)),
        ("format", ()),
        ("__mod__", ("q",)),
        ("__format__", ("^9999",)),
        ("__format__", (">1000000000",)),
    ]
    for _ in range(300):
        receiver = generator.choice(receivers)
        name, arguments = generator.choice(calls)
        if not string_method_fits(receiver, name, arguments):
            continue
        try:
            result = getattr(receiver, name)(*arguments)
        except (TypeError, ValueError):
            continue
        size = len(result) if isinstance(result, (str, bytes, list)) else 0
        assert size <= 4 * MAX_CONSTANT_SIZE, (receiver[:10], name, arguments)


@pytest.mark.parametrize(
    ("op", "left", "right"),
    [
        ("Pow", 2, MAX_INT_BITS - 1),
        ("Pow", 10, 2000),
        ("Pow", 3, 5000),
        ("LShift", 1, MAX_INT_BITS - 1),
        ("LShift", 2**100, 8000),
        ("Mult", 2**8000, 2**8000),
        ("Mult", "ab", 5000),
        ("Mult", (1, 2, 3), 4000),
    ],
)
def test_binary_fits_is_an_upper_bound(op: str, left: object, right: object) -> None:
    fits = binary_fits(op, left, right)
    result = {
        "Pow": lambda: left**right,  # type: ignore[operator]
        "LShift": lambda: left << right,  # type: ignore[operator]
        "Mult": lambda: left * right,  # type: ignore[operator]
    }[op]()
    size = result.bit_length() if isinstance(result, int) else len(result)
    limit = 2 * MAX_INT_BITS if isinstance(result, int) else MAX_CONSTANT_SIZE
    if size > limit:
        assert not fits
