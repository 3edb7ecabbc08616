"""Patterns reduced from false reports and internal errors found on the standard library."""

from __future__ import annotations

import pytest

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


def test_globals_injected_through_an_escaped_class_are_not_name_errors() -> None:
    source = (
        "import enum\n"
        "@enum.global_enum\n"
        "class Flag(enum.IntFlag):\n"
        "    T = 1\n"
        "def use():\n"
        "    return T\n"
        "value = use()\n"
    )
    assert errors(source) == []
    assert cpython(source)["value"] == 1


def test_function_whose_code_is_taken_may_run_with_other_globals() -> None:
    source = "def f():\n    return a\nvalue = eval(f.__code__, {'a': 1})\n"
    assert errors(source) == []
    assert cpython(source)["value"] == 1


def test_dynamic_module_globals_are_unknown_in_uncalled_functions() -> None:
    source = (
        "import sys\n"
        "_thread = None\n"
        "def _setup(module):\n"
        "    setattr(sys.modules[__name__], '_thread', module)\n"
        "def ident():\n"
        "    return _thread.get_ident()\n"
    )
    assert errors(source) == []


def test_callee_branch_correlated_with_the_call_site_guard_is_not_certain() -> None:
    source = (
        "import os\n"
        "def load(name):\n"
        "    if os.name == 'nt':\n"
        "        return '/' in name\n"
        "    return name\n"
        "if os.name != 'nt':\n"
        "    handle = load(None)\n"
    )
    assert errors(source) == []
    cpython(source)


def test_callee_branch_failure_at_an_unguarded_call_stays_certain() -> None:
    source = (
        "import os\n"
        "def load(name):\n"
        "    if os.name == 'nt':\n"
        "        return '/' in name\n"
        "    return name\n"
        "handle = load(None)\n"
    )
    assert [d.code for d in errors(source)] == ["type-error"]


def test_a_def_whose_annotation_fails_ends_the_path() -> None:
    source = (
        "def outer():\n"
        "    def inner(y: Undefined[str]):\n"
        "        return y\n"
        "    inner()\n"
        "try:\n"
        "    outer()\n"
        "except NameError:\n"
        "    caught = True\n"
    )
    assert errors(source) == []
    assert cpython(source)["caught"] is True


def test_list_escapes_through_its_bound_builtin_method() -> None:
    source = (
        "import copyreg\n"
        "seen = []\n"
        "callback = seen.append\n"
        "copyreg.pickle(complex, callback)\n"
        "copyreg.dispatch_table[complex](1j)\n"
        "first = seen[0]\n"
    )
    assert errors(source) == []
    assert cpython(source)["first"] == 1j


COERCE_ARGUMENTS = (
    "def _decode_args(args):\n"
    "    return tuple(x.decode() if x else '' for x in args)\n"
    "def _coerce_args(*args):\n"
    "    str_input = isinstance(args[0], str)\n"
    "    for arg in args[1:]:\n"
    "        if arg and isinstance(arg, str) != str_input:\n"
    "            raise TypeError('Cannot mix str and non-str arguments')\n"
    "    if {decode_when}:\n"
    "        return args\n"
    "    return _decode_args(args)\n"
    "def join(first, parts, params):\n"
    "    path = '/'.join(parts) or '/'\n"
    "    if params:\n"
    "        path = '%s;%s' % (path, params)\n"
    "    return _coerce_args(first, path)\n"
)
"""urllib.parse's argument coercion: the loop's raise leaves ``str_input`` True for a non-empty
string argument, so ``_decode_args`` (which fails on a non-empty string) is reached only with
bytes."""


def test_loop_raise_correlating_a_flag_with_argument_types_is_not_a_false_report() -> None:
    source = COERCE_ARGUMENTS.format(decode_when="str_input")
    assert errors(source) == []
    assert cpython(source + "value = join('http', ['a'], 'p')\n")["value"] == ("http", "a;p")


def test_decoding_a_string_after_the_same_loop_is_still_a_certain_failure() -> None:
    source = COERCE_ARGUMENTS.format(decode_when="not str_input") + "value = join('a', [], '')\n"
    assert [d.code for d in errors(source)] == ["attribute-error"]
    with pytest.raises(AttributeError):
        cpython(source)


def test_list_reachable_only_through_an_escaping_dict_view_is_unknown_afterwards() -> None:
    source = (
        "import functools\n"
        "seen = []\n"
        "view = {'a': seen}.values()\n"
        "functools.reduce(lambda total, item: item.append(total) or total, view, 0)\n"
        "first = seen[0]\n"
    )
    assert errors(source) == []
    assert cpython(source)["first"] == 0


def test_list_reachable_only_through_an_escaping_iterator_is_unknown_afterwards() -> None:
    source = (
        "import functools\n"
        "seen = []\n"
        "items = iter([seen])\n"
        "functools.reduce(lambda total, item: item.append(total) or total, items, 0)\n"
        "first = seen[0]\n"
    )
    assert errors(source) == []
    assert cpython(source)["first"] == 0


def test_callee_branch_after_a_correlated_early_return_is_not_certain() -> None:
    source = COERCE_ARGUMENTS.replace("or '/'", "").format(decode_when="str_input")
    assert errors(source) == []
    assert cpython(source + "value = join(b'http', [], b'')\n")["value"] == ("http", "")


def test_callee_conditional_expression_failure_at_an_unguarded_call_stays_certain() -> None:
    source = (
        "def decode_all(args):\n"
        "    return tuple(x.decode() if x else '' for x in args)\n"
        "value = decode_all(('a',))\n"
    )
    assert [d.code for d in errors(source)] == ["attribute-error"]
    with pytest.raises(AttributeError):
        cpython(source)
