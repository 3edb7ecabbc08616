"""``splitting.split``: what moves to ``defs.py``, what stays, and that positions are kept."""

from __future__ import annotations

from .splitting import split

PROGRAM = """import numpy as np

HIDDEN = 4
CONFIG = {"width": HIDDEN, "rates": [0.1, 0.01]}


def layer(n_in):
    return np.zeros((n_in, HIDDEN))


class Net:
    scale = 2.0

    def forward(self, x):
        return x @ layer(x.shape[1]) * self.scale


x = np.ones((3, 5))
y = Net().forward(x)
"""


def test_definitions_move_and_positions_are_kept() -> None:
    parts = split(PROGRAM)
    assert parts is not None
    assert parts.moved == ("HIDDEN", "CONFIG", "layer", "Net", "x")
    original = PROGRAM.split("\n")
    main = parts.main.split("\n")
    defs = parts.defs.split("\n")
    assert len(main) == len(defs) == len(original)
    for number, line in enumerate(original, 1):
        if number in parts.moved_lines:
            assert defs[number - 1] == line
        else:
            assert main[number - 1] == line
    assert main[6] == "from defs import layer"
    assert defs[0] == "import numpy as np"
    assert main[0] == "import numpy as np"


def test_a_function_reading_a_rebound_name_stays() -> None:
    source = "scale = 2\n\n\ndef grow(x):\n    return x * scale\n\n\nscale = 3\nprint(grow(1))\n"
    assert split(source) is None


def test_impure_values_and_what_reads_them_stay() -> None:
    source = (
        "import numpy as np\n\nW = np.random.rand(3, 4)\nB = np.zeros(4)\n\n\n"
        "def forward(x):\n    return x @ W + B\n\n\nprint(forward(np.ones((2, 3))).shape)\n"
    )
    parts = split(source)
    assert parts is not None and parts.moved == ("B",)


def test_definitions_before_an_import_they_need_stay() -> None:
    source = (
        "def double(x):\n    return 2 * x\n\n\nimport numpy as np\n\n\n"
        "def zeros():\n    return np.zeros(double(2))\n\n\nprint(zeros())\n"
    )
    assert split(source) is None


def test_dynamic_programs_are_not_split() -> None:
    assert split("def f():\n    return 1\n\n\nprint(globals()['f']())\n") is None
    assert split("from math import *\n\n\ndef f():\n    return pi\n") is None


def test_module_specific_names_and_global_statements_stay() -> None:
    assert split("def where():\n    return __file__\n\n\nprint(where())\n") is None
    assert split("n = 0\n\n\ndef bump():\n    global n\n    n += 1\n\n\nbump()\n") is None


def test_a_value_read_after_main_code_changed_it_stays() -> None:
    """After ``tests/soundness/corpus/comprehension_dict_of_lists.py``: the loop between the two
    fills ``by_length``; ``max`` run at the import would see it empty."""
    source = (
        'words = ["one", "three"]\nby_length = {}\nfor word in words:\n'
        "    by_length.setdefault(len(word), []).append(word)\nlongest = max(by_length)\n"
    )
    parts = split(source)
    assert parts is not None and parts.moved == ("words", "by_length")


def test_a_computation_after_main_code_that_changes_library_state_stays() -> None:
    """After ``tests/tensorflow/test_keras_call_conventions.py``'s NumPy-behaviour cases: the
    product must run after ``experimental_enable_numpy_behavior()``, as in the program."""
    source = (
        "import tensorflow as tf\n\nSCALE = 2\n"
        "tf.experimental.numpy.experimental_enable_numpy_behavior()\n"
        "positions = tf.constant([[0], [1]])\nrates = [[1.0, 0.1]]\nangles = positions * rates\n"
    )
    parts = split(source)
    assert parts is not None and parts.moved == ("SCALE", "rates")


def test_an_attribute_the_program_stores_is_read_in_place() -> None:
    """After ``tests/soundness/corpus/class_class_attribute_mutation.py``: each ``Counter()`` of
    the main module runs ``Counter.instances += 1``; read at the import it would still be 0."""
    source = (
        "class Counter:\n    instances = 0\n\n    def __init__(self):\n"
        "        Counter.instances += 1\n\n\na = Counter()\nn = Counter.instances\n"
    )
    parts = split(source)
    assert parts is not None and parts.moved == ("Counter",)
