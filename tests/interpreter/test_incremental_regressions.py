"""Edits after which the incremental result differed from the from-scratch one, found by the
differential fuzzer (``incremental_fuzz``) and reduced by hand; each test names its root cause.

Every test analyses the versions in order with one ``DocumentCache`` and compares, after each,
everything the result exposes (diagnostics with related locations, hovers, inlay hints, rewrite
offers) with a fresh analysis.
"""

from __future__ import annotations

from tensorls.analyses import Position, analyse
from tensorls.analyses.domains.base import TOP
from tensorls.analyses.domains.classes import InstanceValue
from tensorls.analyses.domains.containers import DictValue
from tensorls.analyses.domains.numbers import IntValue
from tensorls.analyses.domains.references import OpaqueObject, join_objects
from tensorls.analyses.incremental import DocumentCache

from .incremental_fuzz import SETTINGS, compare


def assert_versions_match_scratch(*versions: str, mode: str = "certain") -> None:
    settings = SETTINGS[mode]
    cache = DocumentCache()
    analyse(versions[0], settings, cache=cache)
    for text in versions[1:]:
        cached, fresh = compare(cache, text, settings)
        assert cached == fresh


def test_called_from_here_follows_the_caller_after_a_blank_line_moves_to_the_top() -> None:
    """A summary held the call site of the call that made it: replayed for the re-parsed caller,
    the "called from here" location was the old caller's line."""
    before = 'def g():\n    f("a")\n\ndef f(x):\n    return x + 1\n'
    after = '\ndef g():\n    f("a")\ndef f(x):\n    return x + 1\n'
    assert_versions_match_scratch(before, after)
    cache = DocumentCache()
    analyse(before, SETTINGS["certain"], cache=cache)
    (diagnostic,) = analyse(after, SETTINGS["certain"], cache=cache).diagnostics
    (called_from,) = diagnostic.related
    assert called_from.span.start == Position(2, 4)


def test_called_from_here_names_the_remaining_call_after_the_first_is_deleted() -> None:
    """Same cause: the equal call left in the file replayed the summary made at the deleted one."""
    before = 'def f(x):\n    return x + 1\n\nf("a")\nf("a")\n'
    after = 'def f(x):\n    return x + 1\n\n\nf("a")\n'
    assert_versions_match_scratch(before, after)


def test_called_from_here_after_two_calls_swap() -> None:
    assert_versions_match_scratch(
        'def f(x):\n    return x + 1\n\nf("a")\nf(1)\n',
        'def f(x):\n    return x + 1\nf("a")\n\nf(1)\n',
        'def f(x):\n    return x + 1\n\nf(1)\nf("a")\n',
        mode="possible",
    )


def test_reanalysing_unchanged_text_with_a_failing_call_of_a_returned_closure() -> None:
    """A replayed call wrote into the caller's store object where a call that runs writes into a
    new one; the store of the module's last completed statement, kept aside for the functions
    analysed with unknown arguments, then held the closure cells the failing statement made."""
    text = (
        "def level1(a):\n"
        "    def level2(b):\n"
        "        def level3(c):\n"
        "            r_new = level2([1, 2])\n"
        "        return a + b + c\n"
        "        return level3\n"
        "    return level2\n"
        "f = level1(1)(10)\n"
    )
    assert_versions_match_scratch(text, text)


def test_established_line_of_an_argument_after_a_blank_line_before_the_call_is_deleted() -> None:
    """A summary matched arguments by equality, which ignores where an array's shape was
    established: replayed for the moved call, the hover inside the function named the old line."""
    assert_versions_match_scratch(
        "import numpy as np\n\ndef f(z):\n    return z\n\nf(np.ones((2, 3)))\n",
        "import numpy as np\n\ndef f(z):\n    return z\nf(np.ones((2, 3)))\n",
    )


def test_shape_established_here_locations_after_the_callers_lines_move() -> None:
    """Same cause, for the related locations of a failure inside the called function (a blank
    line moved from before the caller to after it: no line count changes)."""
    assert_versions_match_scratch(
        "import numpy as np\n"
        "def project(x, w):\n"
        "    h = x @ w\n"
        "\n"
        "def run(n):\n"
        "    x = np.ones((n, 4))\n"
        "    w = np.ones((3, 2))\n"
        "    return project(x, w)\n"
        "c = run(2)",
        "import numpy as np\n"
        "def project(x, w):\n"
        "    h = x @ w\n"
        "def run(n):\n"
        "    x = np.ones((n, 4))\n"
        "    w = np.ones((3, 2))\n"
        "    return project(x, w)\n"
        "\n"
        "c = run(2)",
    )


def test_established_line_of_arguments_passed_through_to_a_nested_call() -> None:
    assert_versions_match_scratch(
        "import numpy as np\n"
        "def inner(a, b):\n"
        "    return a @ b\n"
        "def middle(a, b):\n"
        "    return inner(a, b) + 1\n"
        "\n"
        "ok = middle(np.ones((2, 3)), np.ones((3, 2)))",
        "import numpy as np\n"
        "def inner(a, b):\n"
        "    return a @ b\n"
        "def middle(a, b):\n"
        "    return inner(a, b) + 1\n"
        "ok = middle(np.ones((2, 3)), np.ones((3, 2)))",
        mode="possible",
    )


def test_established_line_of_a_module_variable_read_by_a_function_after_lines_move() -> None:
    """Same cause, for a module variable the call reads (a precondition, not an argument)."""
    assert_versions_match_scratch(
        "import numpy as np\n\nw = np.ones((4, 2))\ndef f():\n    return w\nf()\n",
        "import numpy as np\nw = np.ones((4, 2))\n\ndef f():\n    return w\nf()\n",
    )


ESCAPED_THEN_REBOUND_IN_A_TRY = (
    "import copy\n"
    "original = {'ab': [1, 2], 'n': 1}\n"
    "deep = copy.copy(original)\n"
    "try:\n"
    "    original = {'ab': [1, 2], 'n': 1}\n"
    "except ValueError:\n"
    "    pass\n"
    "deep = copy.deepcopy(original)\n"
)


def test_joining_an_escaped_object_does_not_depend_on_which_comes_first() -> None:
    """Most domains join an opaque (escaped) object to ⊤, the opaque object joins them to an
    opaque object: reading a reference to both joined them in the order of its addresses, which
    are object ids, so even two analyses from scratch could differ."""
    escaped = OpaqueObject(dict)
    fresh = DictValue((("n", IntValue.constant_of(1)),))
    assert join_objects(escaped, fresh) == join_objects(fresh, escaped) == escaped
    first = InstanceValue(TOP, "A", (), exact=False)
    second = InstanceValue(TOP, "B", (), exact=False)
    assert first.join(second) == second.join(first) == TOP
    line = ESCAPED_THEN_REBOUND_IN_A_TRY.split("\n")[7]
    where = Position(7, line.index("original"))
    for _ in range(5):
        assert_versions_match_scratch("", ESCAPED_THEN_REBOUND_IN_A_TRY)
        hover = analyse(ESCAPED_THEN_REBOUND_IN_A_TRY, SETTINGS["certain"]).hover_at(where)
        assert hover is not None
        assert hover.plaintext == "original: dict"


def test_lines_moved_by_a_version_that_does_not_compile_are_forgotten_too() -> None:
    """A version that parses but does not compile (``break`` outside a loop) moved the kept
    statements in place, but its analysis stopped before telling the cache: the next version,
    which moved no line itself, used the nodes' cached positions from before that move (inlay
    hints and hovers one line off)."""
    script = (
        "import numpy as np\n\ndef f(x):\n    return x * 2\n\n"
        "a = np.zeros((3, 4))\nb = f(a)\nc = a @ np.ones((5, 2))\n"
    )
    assert_versions_match_scratch(script, "break\n" + script, "pass\n" + script)


def test_failing_first_iteration_reported_after_an_edit_before_the_loop() -> None:
    """A replayed summary counted a report the loop's unrolled pass held back as suppressed, but
    not as a certain failure of the loop: the reporting pass then ran only the joined iterations
    (where ``x`` is unknown) instead of the failing first one, and the failure was lost."""
    program = (
        "import numpy as np\n"
        "def make(m):\n"
        "    return np.ones((3, m))\n"
        "def f(x, w):\n"
        "    return x @ w\n"
        "ws = [make(3), make({last})]\n"
        "x = np.ones((5, 4))\n"
        "for w in ws:\n"
        "    x = f(x, w)\n"
    )
    assert_versions_match_scratch(program.format(last=2), program.format(last=5))
    cache = DocumentCache()
    analyse(program.format(last=2), SETTINGS["certain"], cache=cache)
    (diagnostic,) = analyse(program.format(last=5), SETTINGS["certain"], cache=cache).diagnostics
    assert diagnostic.code == "shape-matmul"
    assert diagnostic.related[-1].span.start == Position(8, 8)


def test_record_of_arrays_equal_but_established_at_two_places_does_not_depend_on_replays() -> None:
    """A node's record skipped the join of a value equal to the one it held (equality ignores
    where an array was established), so it kept the first value's "Established" line. Replayed
    summaries bring their records already joined, in another order than the visits: ``both(1)``
    brings (1, 8) from line 9 alone, ``both(4)`` (4, 8) from line 9 alone, where running them
    joins the arrays of line 10 in between and keeps neither line."""
    text = (
        "import numpy as np\n"
        "\n"
        "\n"
        "def show(a):\n"
        "    return a\n"
        "\n"
        "\n"
        "def both(n):\n"
        "    show(np.zeros((n, 8)))\n"
        "    show(np.ones((n, 8)))\n"
        "\n"
        "\n"
        "both(1)\n"
        "both(4)\n"
    )
    assert_versions_match_scratch(text, text)
    hover = analyse(text, SETTINGS["certain"]).hover_at(Position(4, 11))
    assert hover is not None
    assert hover.plaintext == "a: ndarray[float64, (?, 8)]"
