"""Possible mode worth turning on: warnings that cannot happen are not given (issue 20)."""

from __future__ import annotations

from .helpers import codes, cpython, describe, run


def warnings(source: str) -> list[tuple[int, str]]:
    return [(d.span.start.line, d.code) for d in run(source, mode="possible").diagnostics]


def test_range_imported_from_builtins_is_the_builtin() -> None:
    source = """
    from builtins import range, len
    rows = [i for i in range(3)]
    size = len(rows)
    result = size
    """
    assert describe(source, "result") == "int = 3"
    assert cpython(source)["result"] == 3


def test_name_bound_and_read_under_the_same_flag_is_not_maybe_unbound() -> None:
    source = """
    def report(verbose, x):
        if verbose:
            prefix = "value: " + str(x)
        x = x + 1
        if verbose:
            print(prefix)
        if verbose and x > 2:
            suffix = "!"
        if verbose and x > 2:
            print(suffix)
    """
    assert warnings(source) == []


def test_correlation_needs_the_same_unchanged_test_and_a_direct_binding() -> None:
    source = """
    def report(verbose, x, items):
        if verbose:
            a = 1
        verbose = not verbose
        if verbose:
            print(a)
        if x:
            if items:
                b = 1
        if x:
            print(b)
        if items:
            c = 1
        items.append(1)
        if items:
            print(c)
        if x > 1:
            d = 1
        if x > 2:
            print(d)
    """
    assert warnings(source) == [
        (6, "unbound-local"),
        (11, "unbound-local"),
        (16, "unbound-local"),
        (20, "unbound-local"),
    ]
    namespace = cpython(source)
    try:
        namespace["report"](True, 0, [])  # type: ignore[operator]
    except UnboundLocalError:
        pass
    else:
        raise AssertionError("CPython must fail at the first read")


def test_module_level_correlation() -> None:
    source = """
    import sys
    verbose = len(sys.argv) > 5
    if verbose:
        log = []
    if verbose:
        log.append(1)
    """
    assert codes(source, mode="possible") == []


def test_range_loop_body_knows_its_bound_is_positive() -> None:
    source = """
    def average(values):
        n = len(values)
        total = 0.0
        for i in range(n):
            total += values[i] / n
        for j in range(2, n):
            total += 1 % (n - 2)
        return total, 1.0 / n
    """
    assert warnings(source) == [(8, "zero-division")]


def test_choice_between_non_zero_floats_is_not_zero() -> None:
    source = """
    def rate(fast, mode):
        step = 0.5 if fast else 0.25
        if mode == "a":
            scale = 2.0
        elif mode == "b":
            scale = -1.5
        else:
            scale = float("nan")
        other = 0.0 if fast else 1.0
        return 1.0 / step + 10 / scale, 1.0 / other
    """
    assert warnings(source) == [(10, "zero-division")]


def test_correlation_needs_the_binding_if_on_every_path_to_the_use() -> None:
    source = """
    def f(a, flag, values):
        try:
            if flag:
                z = 1
        except ValueError:
            if flag:
                print(z)
        if flag:
            w = 1
        for i in range(3):
            if flag:
                print(w)
        n = len(values)
        for k in range(n):
            print(1 / n)
            n = 0
    """
    assert warnings(source) == [(7, "unbound-local"), (15, "zero-division")]
