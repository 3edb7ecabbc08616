"""``sys.version_info`` as CPython's named tuple of a Python 3 of unknown minor version
(``analyses.models.python_version``): fields, indexing, slicing, unpacking and comparisons with
tuples, decided where major version 3 decides them.

The idioms are those of the real-code sweep's corpus: ``assert sys.version_info >= (3, 5)``
(ageron/handson-ml2@1e211527, the first cell of each notebook), ``(sys.version_info.major,
sys.version_info.minor) >= (3, 10)`` (pytorch-lightning 2.0.2, ``utilities/imports.py``),
``if sys.version_info.major == 3:`` (tensorflow/examples@608f7db8, ``setup.py``) and
``if sys.version_info[0] == 2: ... unicode(...)`` arms of Python 2 compatibility code. Every
program also runs under CPython (``cpython``): what tensorls decides is what it computes.
"""

from __future__ import annotations

import sys

import pytest

from .helpers import agrees_with_cpython, cpython, describe, errors

PROGRAM = """
import sys

assert sys.version_info >= (3, 5)
major = sys.version_info.major
first = sys.version_info[0]
last = sys.version_info[-1]
level = sys.version_info.releaselevel
head = sys.version_info[:2]
count = len(sys.version_info)
recent = (sys.version_info.major, sys.version_info.minor) >= (3, 10)
at_least_3 = sys.version_info >= (3,)
below_3 = sys.version_info < (3, 0)
after_27 = (2, 7) < sys.version_info
is_27 = sys.version_info == (2, 7)
newer_38 = sys.version_info >= (3, 8)
version = "{}.{}".format(*sys.version_info[:2])
a, b, c, d, e = sys.version_info
if sys.version_info[0] == 2:
    name = unicode("tokens")
else:
    name = "tokens"
if sys.version_info.major < 3:
    text = "tokens".decode("utf-8")
"""


def test_the_fields_and_decided_comparisons_are_what_cpython_computes() -> None:
    agrees_with_cpython(
        PROGRAM,
        "major",
        "first",
        "last",
        "level",
        "head",
        "count",
        "recent",
        "at_least_3",
        "below_3",
        "after_27",
        "is_27",
        "newer_38",
        "a",
        "e",
        "name",
    )
    assert errors(PROGRAM) == []
    assert describe(PROGRAM, "major") == "int = 3"
    assert describe(PROGRAM, "count") == "int = 5"
    for name in ("at_least_3", "after_27"):
        assert describe(PROGRAM, name) == "bool = True"
    for name in ("below_3", "is_27"):
        assert describe(PROGRAM, name) == "bool = False"
    for name in ("recent", "newer_38"):
        assert describe(PROGRAM, name) == "bool"
    assert describe(PROGRAM, "head") == "tuple[int = 3, int in [0, +∞]]"


def test_a_bug_in_the_python3_arm_is_still_reported() -> None:
    source = """
    import sys
    if sys.version_info.major == 3:
        text = "tokens"
    else:
        text = b"tokens"
    decoded = text.decode("utf-8")
    """
    with pytest.raises(AttributeError, match="decode"):
        cpython(source)
    assert [(d.span.start.line, d.code) for d in errors(source)] == [(6, "attribute-error")]


def test_the_value_contains_this_interpreters_version_info() -> None:
    from tensorls.analyses.models.python_version import VERSION_INFO

    assert VERSION_INFO.contains(tuple(sys.version_info))
    assert not VERSION_INFO.contains((2, 7, 18, "final", 0))
    assert not VERSION_INFO.contains((3, 11))
