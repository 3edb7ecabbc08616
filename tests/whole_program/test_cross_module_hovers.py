"""Cross-module hovers (issue 32's "done when"): lists, dicts, ``nn.Module`` and ``keras.Model``
subclasses, dataclasses and generator results defined in one module and used in another show the
same hover as in one file.

Each case is one program. ``splitting.split`` moves its definitions (the names ``moved`` must be
among them) into ``defs.py``; the hover on each name marked ``# hover: NAME`` in the main module
must be the same in the split (``differential.analyse_split``) as in the whole program, and the
whole program's hover must know the value (its first line is not ``NAME: unknown``). The texts
are compared as the differential compares them (``line N of defs.py`` is ``line N``, hover's
`` (in defs.py)`` dropped). The hovered statements must stay in the main module (a statement the
splitter can move, such as ``first = WEIGHTS[0]`` right after ``WEIGHTS``, follows an impure one).
Every case also runs whole and split under the real framework with the same outcome and no error
(``test_split_semantics.run_split``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from tensorls.analyses import analyse

from .differential import SETTINGS, analyse_split, hover_text
from .programs import Program
from .splitting import split
from .test_split_semantics import FIXTURES, differences, run_split

MARK = re.compile(r"# hover: ([\w, ]+)$")


@dataclass(frozen=True)
class HoverCase:
    name: str
    framework: str
    moved: tuple[str, ...]
    source: str

    def targets(self) -> list[tuple[int, int, str]]:
        """(line, column, name) of each marked name, 1-based, at its first occurrence."""
        found = []
        for number, line in enumerate(self.source.split("\n"), 1):
            mark = MARK.search(line)
            if mark is None:
                continue
            for name in (item.strip() for item in mark.group(1).split(",")):
                column = re.search(rf"\b{name}\b", line)
                assert column is not None, (line, name)
                found.append((number, column.start() + 1, name))
        return found


CASES = [
    HoverCase(
        "list-constant",
        "tensorflow",
        ("WEIGHTS",),
        """import numpy as np

WEIGHTS = [np.zeros((4, 3)), np.zeros((3, 2))]

print("layers:", len(WEIGHTS))
first = WEIGHTS[0]  # hover: first, WEIGHTS
hidden = np.ones((5, 4)) @ first  # hover: hidden
""",
    ),
    HoverCase(
        "list-from-function",
        "tensorflow",
        ("make_layers",),
        """import numpy as np


def make_layers(width):
    return [np.zeros((width, 6)), np.zeros((6, 2))]


layers = make_layers(5)  # hover: layers
out = np.ones((3, 5)) @ layers[0] @ layers[1]  # hover: out
""",
    ),
    HoverCase(
        "dict-config",
        "tensorflow",
        ("CONFIG",),
        """import numpy as np

CONFIG = {"hidden": 128, "classes": 10, "rates": [0.1, 0.01]}

print("config:", CONFIG)
hidden = CONFIG["hidden"]  # hover: hidden, CONFIG
w = np.zeros((CONFIG["hidden"], CONFIG["classes"]))  # hover: w
""",
    ),
    HoverCase(
        "torch-module-subclass",
        "torch",
        ("Net",),
        """import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc1 = nn.Linear(784, width)
        self.fc2 = nn.Linear(width, 10)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


net = Net(128)  # hover: net
out = net(torch.ones(8, 784))  # hover: out
""",
    ),
    HoverCase(
        "keras-model-subclass",
        "tensorflow",
        ("Classifier",),
        """import tensorflow as tf


class Classifier(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(32, activation="relu")
        self.scores = tf.keras.layers.Dense(3)

    def call(self, inputs):
        return self.scores(self.hidden(inputs))


model = Classifier()  # hover: model
logits = model(tf.ones((4, 16)))  # hover: logits
""",
    ),
    HoverCase(
        "dataclass",
        "tensorflow",
        ("Config",),
        """from dataclasses import dataclass

import numpy as np


@dataclass
class Config:
    hidden: int = 64
    batch: int = 32


config = Config()  # hover: config
x = np.zeros((config.batch, config.hidden))  # hover: x
""",
    ),
    HoverCase(
        "generator-results",
        "tensorflow",
        ("batches",),
        """import numpy as np


def batches(x, size):
    for start in range(0, len(x), size):
        yield x[start : start + size]


for xb in batches(np.zeros((96, 8)), 32):  # hover: xb
    total = xb.sum(axis=0)  # hover: total
first = next(batches(np.ones((10, 3)), 4))  # hover: first
""",
    ),
]


def _param(case: HoverCase) -> object:
    return pytest.param(case, id=case.name)


def _program(case: HoverCase) -> Program:
    return Program(f"cross-module/{case.name}", case.source, case.framework)


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_cross_module_hover_is_the_one_file_hover(case: HoverCase) -> None:
    parts = split(case.source)
    assert parts is not None and set(case.moved) <= set(parts.moved)
    whole = analyse(case.source, SETTINGS)
    main, _ = analyse_split(_program(case), parts)
    for line, column, name in case.targets():
        assert line not in parts.moved_lines, (name, "the hovered statement must stay in main.py")
        single = hover_text(whole, line, column)
        assert single is not None and single.split("\n")[0] != f"{name}: unknown", (name, single)
        assert hover_text(main, line, column) == single, name


@pytest.mark.parametrize("framework", sorted(FIXTURES))
def test_the_cases_run_whole_and_split(framework: str, request: pytest.FixtureRequest) -> None:
    python = Path(request.getfixturevalue(FIXTURES[framework]))
    cases = [case for case in CASES if case.framework == framework]
    pairs = [(_program(case), split(case.source)) for case in cases]
    outcomes = run_split(python, pairs)  # type: ignore[arg-type]
    for case in cases:
        outcome = outcomes[f"cross-module/{case.name}"]
        assert outcome["original"]["error"] is None, (case.name, outcome["original"]["error"])
        assert differences(outcome) == {}, case.name
