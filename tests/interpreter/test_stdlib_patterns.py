"""Patterns reduced from false reports and internal errors found on the standard library."""

from __future__ import annotations

from .helpers import cpython, errors, run


def test_range_longer_than_ssize_t_is_not_an_internal_error() -> None:
    source = "kind = type(iter(range(1 << 1000)))\n"
    result = run(source)
    assert result.internal_errors == ()
    assert errors(source) == []
    cpython(source)


def test_self_referential_dunder_call_chain_is_bounded() -> None:
    source = (
        "class A:\n"
        "    pass\n"
        "A.__call__ = A()\n"
        "try:\n"
        "    A()()\n"
        "except RecursionError:\n"
        "    caught = True\n"
    )
    result = run(source)
    assert result.internal_errors == ()
    assert errors(source) == []
    assert cpython(source)["caught"] is True
