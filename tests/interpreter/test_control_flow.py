"""Control flow: branches, loops, exceptions, ``with``, ``assert`` and ``match``."""

from __future__ import annotations

import pytest
from tensorls.analyses.domains.base import TOP

from .helpers import agrees_with_cpython, codes, cpython, describe, errors, value_of


def test_if_elif_else_joins_branches() -> None:
    source = """
    import sys
    k = len(sys.argv)
    if k == 1:
        r = 10
    elif k == 2:
        r = 20
    else:
        r = 30
    out = r
    """
    assert describe(source, "out") == "int in [10, 30]"


def test_known_condition_takes_one_branch() -> None:
    source = "x = 3\nif x > 2:\n    y = 'yes'\nelse:\n    y = None\nz = y\n"
    assert describe(source, "z") == "str = 'yes'"


def test_for_over_range_is_unrolled_exactly() -> None:
    source = "total = 0\nfor i in range(10):\n    total += i\nresult = total\n"
    assert describe(source, "result") == "int = 45"
    agrees_with_cpython(source, "result")


def test_for_else_and_break() -> None:
    source = """
    found = None
    for n in (3, 5, 8, 9):
        if n % 2 == 0:
            found = n
            break
    else:
        found = -1
    result = found
    """
    assert describe(source, "result") == "int = 8"
    agrees_with_cpython(source, "result")


def test_while_with_unknown_bound_terminates_and_is_sound() -> None:
    source = """
    import sys
    limit = len(sys.argv) * 1000
    i = 0
    while i < limit:
        i += 1
    result = i
    """
    value = value_of(source, "result")
    assert value.contains(0) and value.contains(5000)


def test_while_true_with_break_terminates() -> None:
    source = """
    n = 0
    while True:
        n += 1
        if n > 100:
            break
    result = n
    """
    assert value_of(source, "result").contains(101)
    agrees_with_cpython(source, "result")


def test_continue_skips_rest_of_body() -> None:
    source = """
    seen = []
    for i in range(5):
        if i % 2:
            continue
        seen.append(i)
    result = seen
    """
    assert describe(source, "result") == "list[int = 0, int = 2, int = 4]"
    agrees_with_cpython(source, "result")


def test_return_in_finally_overrides() -> None:
    source = """
    def f():
        try:
            return 'body'
        finally:
            return 'finally'
    result = f()
    """
    assert describe(source, "result") == "str = 'finally'"
    agrees_with_cpython(source, "result")


def test_finally_runs_on_every_path() -> None:
    source = """
    log = []
    def f(x):
        try:
            if x:
                raise ValueError('boom')
            return 1
        except ValueError:
            log.append('caught')
            return 2
        finally:
            log.append('finally')
    a = f(0)
    b = f(1)
    n = len(log)
    """
    assert value_of(source, "a").contains(1)
    assert value_of(source, "b").contains(2)
    assert value_of(source, "n").contains(3)
    agrees_with_cpython(source, "a", "b", "n")


def test_except_as_name_is_deleted_after_the_handler() -> None:
    source = """
    try:
        raise KeyError('k')
    except KeyError as error:
        kind = type(error)
    print(error)
    """
    assert "name-error" in codes(source)


def test_handler_sees_state_from_inside_the_try_body() -> None:
    source = """
    x = 'before'
    try:
        x = 1
        int('not a number')
    except ValueError:
        seen = x
    """
    value = value_of(source, "seen")
    assert value.contains(1)


def test_assert_refines_none() -> None:
    source = """
    import os
    value = os.environ.get('X')
    assert value is not None
    n = value
    """
    assert value_of(source, "n") is TOP


def test_assert_false_is_not_reported() -> None:
    assert errors("def f():\n    assert False, 'unreachable'\n") == []


def test_with_statement_runs_enter_and_exit() -> None:
    source = """
    class Recorder:
        def __init__(self):
            self.events = []
        def __enter__(self):
            self.events.append('enter')
            return self
        def __exit__(self, kind, value, traceback):
            self.events.append('exit')
            return False
    r = Recorder()
    with r as same:
        same.events.append('body')
    events = r.events
    """
    assert describe(source, "events") == "list[str = 'enter', str = 'body', str = 'exit']"
    agrees_with_cpython(source, "events")


def test_match_is_top_safe() -> None:
    source = """
    import sys
    command = sys.argv[0]
    match command:
        case 'go':
            r = 1
        case str(other):
            r = 2
        case _:
            r = 3
    result = r
    """
    value = value_of(source, "result")
    assert value.contains(1) and value.contains(2) and value.contains(3)


def test_loops_over_unknown_iterables_terminate() -> None:
    source = """
    import json
    data = json.loads('[1, 2, 3]')
    acc = []
    for item in data:
        for other in data:
            acc.append((item, other))
    result = len(acc)
    """
    assert value_of(source, "result").contains(9)


def test_failure_only_on_a_first_iteration_is_not_reported() -> None:
    source = """
    def read(lines, make):
        current = None
        for line in lines:
            if line.startswith('['):
                current = make()
            else:
                current[line] = None
        return current
    """
    assert errors(source) == []


def test_failure_on_every_iteration_is_reported_once() -> None:
    source = "for k in range(3):\n    y = None\n    y.foo\n"
    assert [d.code for d in errors(source)] == ["attribute-error"]


def test_failure_certain_in_a_later_unrolled_iteration_is_reported() -> None:
    """Every execution reaching the loop reaches its third iteration, which certainly fails."""
    source = "items = [1, 2, None]\nfor item in items:\n    item + 1\n"
    with pytest.raises(TypeError):
        cpython(source)
    (diagnostic,) = errors(source)
    assert (diagnostic.code, diagnostic.span.start.line) == ("type-error", 2)


def test_failure_after_a_possible_break_is_not_reported() -> None:
    source = """
    import sys
    for item in [1, 2, None]:
        if len(sys.argv) > 1:
            break
        item + 1
    """
    assert errors(source) == []


def test_failure_after_a_possible_return_is_not_reported() -> None:
    source = """
    def first(flag):
        for item in [1, None]:
            if flag():
                return item
            item + 1
    first(lambda: True)
    """
    assert errors(source) == []


def test_failure_in_a_later_iteration_inside_try_is_not_reported() -> None:
    source = """
    for item in [1, None]:
        try:
            item + 1
        except TypeError:
            pass
    """
    assert errors(source) == []


def test_failure_in_a_later_pass_of_a_while_is_reported() -> None:
    source = """
    values = [1, 2, None]
    i = 0
    while i < 3:
        values[i] + 1
        i += 1
    """
    (diagnostic,) = errors(source)
    assert diagnostic.span.start.line == 4


def test_failure_in_a_later_iteration_of_a_nested_loop_is_reported() -> None:
    source = """
    for row in [[1, 2], [3, None]]:
        for item in row:
            item * 2
    """
    with pytest.raises(TypeError):
        cpython(source)
    (diagnostic,) = errors(source)
    assert diagnostic.span.start.line == 3


def test_loop_variable_unbound_before_the_loop_still_converges() -> None:
    source = """
    n = int(input())
    total = 0.5
    for i in range(n):
        total = total + 1.0
    result = total
    """
    assert describe(source, "result") == "float"


def test_iterators_are_consumed() -> None:
    source = """
    it = iter([1, 2, 3])
    first = list(it)
    second = list(it)
    pairs = zip([1, 2], [3, 4])
    once = list(pairs)
    twice = list(pairs)
    """
    assert describe(source, "second") == "list (empty)"
    assert describe(source, "twice") == "list (empty)"
    agrees_with_cpython(source, "first", "second", "once", "twice")


def test_dict_views_are_live() -> None:
    source = "d = {'a': 1}\nkeys = d.keys()\nd['b'] = 2\nsnapshot = list(keys)\n"
    assert describe(source, "snapshot") == "list[str = 'a', str = 'b']"
    agrees_with_cpython(source, "snapshot")


def test_bool_compared_with_a_known_bool_on_either_side_is_refined() -> None:
    source = """
    import sys
    flag = isinstance(sys.argv, str)
    if True != flag:
        raise SystemExit
    after = flag
    """
    assert describe(source, "after") == "bool = True"


def test_and_false_with_a_truthy_first_operand_refines_the_second() -> None:
    source = """
    import sys
    flag = isinstance(sys.argv, str)
    text = " ".join(sys.argv) or "-"
    if text and isinstance(text, str) != flag:
        raise SystemExit
    after = flag
    """
    assert describe(source, "after") == "bool = True"


def test_and_false_keeps_the_case_of_a_falsy_first_operand() -> None:
    source = """
    import sys
    flag = isinstance(sys.argv, str)
    text = " ".join(sys.argv)
    if text and isinstance(text, str) != flag:
        raise SystemExit
    after = flag
    """
    assert describe(source, "after") == "bool"


def test_truth_of_a_string_is_refined_and_known_after_or() -> None:
    source = """
    import sys
    name = " ".join(sys.argv) or "-"
    empty = not name
    raw = " ".join(sys.argv)
    if not raw:
        blank = raw
    """
    assert describe(source, "empty") == "bool = False"
    assert describe(source, "blank") == "str = ''"
    agrees_with_cpython(source, "empty")


def test_percent_format_with_literal_text_is_a_non_empty_string() -> None:
    source = """
    import sys
    joined = "%s;%s" % (" ".join(sys.argv), "")
    keyed = "%(a)s" % {"a": ""}
    joined_empty = not joined
    keyed_empty = not keyed
    """
    assert describe(source, "joined_empty") == "bool = False"
    assert describe(source, "keyed_empty") in ("bool", "bool = True")
    agrees_with_cpython(source, "joined_empty", "keyed_empty")


def test_assignment_expression_after_a_refined_operand_is_not_a_false_report() -> None:
    source = """
    import os
    x = os.environ.get("TENSORLS_UNSET_VARIABLE")
    if x is None and (x := 5):
        y = x.bit_length()
    """
    assert errors(source) == []
    assert cpython(source)["y"] == 3


def test_nested_comprehension_reads_the_enclosing_comprehension_variable() -> None:
    source = "table = [[i * j for j in range(3)] for i in range(2)]\nresult = table\n"
    assert (
        describe(source, "result")
        == "list[list[int = 0] (length 3), list[int = 0, int = 1, int = 2]]"
    )
    agrees_with_cpython(source, "result")


def test_a_comprehension_over_an_array_of_known_length_has_that_many_rows() -> None:
    source = """
    import numpy as np
    rows = [row.sum() for row in np.zeros((5, 2))]
    result = len(rows)
    """
    assert describe(source, "result") == "int = 5"


def test_failure_in_a_later_item_of_a_list_changed_by_the_loop_is_not_reported() -> None:
    """Removing items while iterating skips some: the later items may never be visited."""
    source = "items = [1, None, 2, None]\nfor x in items:\n    items.remove(x)\n    x + 1\n"
    cpython(source)
    assert errors(source) == []
