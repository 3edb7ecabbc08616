"""Generator functions: batch generators driven by ``for`` loops, ``enumerate``, ``next``,
``list`` and ``yield from`` (``analyses/interpreter/semantics/generators.py``).

Every program is also run under the real NumPy: a bug program must raise on the line tensorls
reports, its fixed twin (and every soundness program) must run to completion with tensorls
silent. The programs are written in the idioms of real public batch generators:

- ``minibatches(inputs, targets, batchsize, shuffle)`` (the Lasagne-style iterator), e.g.
  github.com/christianwbsn/nn-feed-forward ``src/data/dataloader.py`` and
  github.com/kkshsh/Stock-Predict-RNN ``v3/service/mini_batch.py``;
- d2l's ``data_iter(batch_size, features, labels)`` with a shuffled index array and
  ``yield features[batch_indices], labels[batch_indices]``, e.g.
  github.com/Gandolfkill996/ML-begin ``CNN/utils.py``;
- the text-CNN ``batch_iter(data, batch_size, num_epochs, shuffle=True)`` with
  ``num_batches_per_epoch = int((data_size - 1) / batch_size) + 1``;
- a Keras-style endless ``data_generator`` (``while True: ... yield``) read with ``next``;
- a batch loader class whose ``__iter__`` yields batches, e.g. the ``StandardBatchIterator``
  idiom (``for start in range(0, len(self.data), self.batch_size): yield self.data[...]``).
"""

from __future__ import annotations

import textwrap
import traceback
from dataclasses import dataclass

import pytest

from .helpers import describe, errors, value_of

MINIBATCHES = """
import numpy as np


def minibatches(inputs, targets, batch_size, shuffle=False):
    indices = np.arange(len(inputs))
    if shuffle:
        np.random.shuffle(indices)
    for start in range(0, len(inputs), batch_size):
        excerpt = indices[start:start + batch_size]
        yield inputs[excerpt], targets[excerpt]


x = np.random.rand(100, 8)
y = np.random.rand(100)
w = np.random.rand(8, 1)
for xb, yb in minibatches(x, y, 32, shuffle=True):
    pred = xb @ w
    err = {residual} - yb
"""

DATA_ITER = """
import numpy as np


def data_iter(batch_size, features, labels):
    num_examples = len(features)
    indices = np.arange(num_examples)
    np.random.shuffle(indices)
    for i in range(0, num_examples, batch_size):
        batch_indices = indices[i:min(i + batch_size, num_examples)]
        yield features[batch_indices], labels[batch_indices]


def linreg(X, w, b):
    return X @ w + b


features = np.random.normal(0, 1, (1000, 2))
labels = features @ np.array([2.0, -3.4]) + 4.2
w = np.random.normal(0, 0.01, ({rows}, 1))
b = np.zeros(1)
for X, y in data_iter(10, features, labels):
    l = (linreg(X, w, b) - y.reshape(-1, 1)) ** 2
"""

KERAS_GENERATOR = """
import numpy as np


def data_generator(images, labels, batch_size):
    n = len(images)
    while True:
        idx = np.random.randint(0, n, batch_size)
        yield images[idx], labels[idx]


x_train = np.random.rand(500, 28, 28, 1)
y_train = np.random.randint(0, 10, 500)
train_gen = data_generator(x_train, y_train, 16)
xb, yb = next(train_gen)
flat = xb.reshape(16, {features})
"""

TEXT_CNN = """
import numpy as np


def batch_iter(data, batch_size, num_epochs, shuffle=True):
    data = np.array(data)
    data_size = len(data)
    num_batches_per_epoch = int((data_size - 1) / batch_size) + 1
    for epoch in range(num_epochs):
        if shuffle:
            shuffled_data = data[np.random.permutation(np.arange(data_size))]
        else:
            shuffled_data = data
        for batch_num in range(num_batches_per_epoch):
            start_index = batch_num * batch_size
            end_index = min((batch_num + 1) * batch_size, data_size)
            yield shuffled_data[start_index:end_index]


dataset = np.random.rand(150, 5)
for batch in batch_iter(dataset, 64, 2):
    xb, yb = batch[:, :4], batch[:, 4]
    xb1 = np.hstack([xb, np.ones(({rows}, 1))])
"""

YIELD_FROM_EPOCHS = """
import numpy as np


def minibatches(inputs, targets, batch_size):
    for start in range(0, len(inputs) - batch_size + 1, batch_size):
        yield inputs[start:start + batch_size], targets[start:start + batch_size]


def epoch_batches(inputs, targets, batch_size, epochs):
    for _ in range(epochs):
        yield from minibatches(inputs, targets, batch_size)


def train(images, labels):
    w = np.zeros((784, 10))
    for step, (xb, yb) in enumerate(epoch_batches(images, labels, 50, 2)):
        logits = xb.reshape({shape}) @ w
    return logits


train(np.random.rand(100, 28, 28), np.random.randint(0, 10, 100))
"""

GENERATOR_RESHAPE = """
import numpy as np


def batches(x, batch_size):
    for start in range(0, len(x), batch_size):
        yield x[start:start + batch_size].reshape({shape})


def train(x, epochs):
    w = np.zeros((8, 2))
    for epoch in range(epochs):
        for xb in batches(x, 32):
            out = xb @ w
    return out


train(np.random.rand(100, 8), 2)
"""

NESTED_YIELD_FROM = """
import numpy as np


def windows(x):
    for start in range(0, 40, 16):
        yield x[start:start + 16].reshape({shape})


def with_warmup(x):
    yield np.zeros((16, 12))
    yield from windows(x)


x = np.random.rand(40, 3, 4)
for xb in with_warmup(x):
    out = xb @ np.zeros((12, 2))
"""

LOADER_CLASS = """
import numpy as np


class BatchLoader:
    def __init__(self, data, batch_size, shuffle=False):
        self.data = data
        self.batch_size = batch_size
        self.shuffle = shuffle

    def __iter__(self):
        order = np.arange(len(self.data))
        if self.shuffle:
            np.random.shuffle(order)
        for start in range(0, len(self.data), self.batch_size):
            yield self.data[order[start:start + self.batch_size]]


loader = BatchLoader(np.random.rand(50, 6), 16, shuffle=True)
for epoch in range(2):
    for batch in loader:
        features = batch.reshape({shape})
"""


@dataclass(frozen=True)
class Program:
    id: str
    source: str
    error_line: int | None
    """The line the real run fails on (tensorls must report exactly there); None: it runs."""


BUGS_AND_TWINS = [
    Program("minibatches-last-batch", MINIBATCHES.format(residual="pred.reshape(32)"), 19),
    Program("minibatches-fixed", MINIBATCHES.format(residual="pred.reshape(-1)"), None),
    Program("data-iter-weights", DATA_ITER.format(rows=3), 15),
    Program("data-iter-fixed", DATA_ITER.format(rows=2), None),
    Program("keras-next", KERAS_GENERATOR.format(features="28 * 28 * 3"), 16),
    Program("keras-next-fixed", KERAS_GENERATOR.format(features="28 * 28"), None),
    Program("text-cnn-last-batch", TEXT_CNN.format(rows=64), 23),
    Program("text-cnn-fixed", TEXT_CNN.format(rows="len(xb)"), None),
    Program("yield-from-reshape", YIELD_FROM_EPOCHS.format(shape="50, 28, 28"), 18),
    Program("yield-from-fixed", YIELD_FROM_EPOCHS.format(shape="50, 784"), None),
    Program("generator-body-last-batch", GENERATOR_RESHAPE.format(shape="batch_size, 8"), 7),
    Program("generator-body-fixed", GENERATOR_RESHAPE.format(shape="-1, 8"), None),
    Program("yield-from-inner-body", NESTED_YIELD_FROM.format(shape="16, 12"), 7),
    Program("yield-from-inner-fixed", NESTED_YIELD_FROM.format(shape="-1, 12"), None),
    Program("loader-iter-last-batch", LOADER_CLASS.format(shape="16, 2, 3"), 22),
    Program("loader-iter-fixed", LOADER_CLASS.format(shape="-1, 2, 3"), None),
]

SOUND = [
    Program(
        "yield-from-branches-and-shared-state",
        """
        import numpy as np

        seen = []


        def inner(x, flat):
            for start in range(0, 40, 20):
                seen.append(start)
                if flat:
                    yield x[start:start + 20].reshape(20, 12)
                else:
                    yield x[start:start + 20]


        def outer(x, flat):
            yield from inner(x, flat)
            yield from inner(x, flat)


        x = np.random.rand(40, 3, 4)
        for xb in outer(x, np.random.rand() < 2.0):
            out = xb @ np.zeros((12, 2))
            k = [1, 2, 3, 4][len(seen) - 1]
        """,
        None,
    ),
    Program(
        "consumer-stops-before-the-failing-batch",
        """
        import numpy as np


        def batches(x, batch_size):
            for start in range(0, len(x), batch_size):
                yield x[start:start + batch_size].reshape(batch_size, 8)


        x = np.random.rand(100, 8)
        losses = []
        for xb in batches(x, 32):
            losses.append(float(xb.sum()))
            if np.random.rand() < 2.0:
                break
        """,
        None,
    ),
    Program(
        "consumer-breaks-at-the-first-batch",
        """
        import numpy as np


        def batches(x, batch_size):
            for start in range(0, len(x), batch_size):
                yield x[start:start + batch_size].reshape(batch_size, 8)


        for i, xb in enumerate(batches(np.random.rand(100, 8), 32)):
            total = xb.sum()
            if i == 0:
                break
        """,
        None,
    ),
    Program(
        "shared-state-between-yields",
        """
        import numpy as np

        seen = []


        def logged(x):
            for i in range(3):
                seen.append(i)
                yield x[i]


        for row in logged(np.zeros((5, 2))):
            k = len(seen)
            v = [1, 2, 3][k - 1]
        """,
        None,
    ),
    Program(
        "generator-raises-into-the-consumer-handler",
        """
        import numpy as np


        def checked(x):
            yield x
            raise ValueError("done")


        try:
            for c in checked(np.zeros((2, 3))):
                last = c
        except ValueError:
            last = np.zeros((2, 3))
        total = last @ np.zeros((3, 4))
        """,
        None,
    ),
    Program(
        "endless-generator-with-a-step-limit",
        """
        import numpy as np


        def forever(x):
            while True:
                idx = np.random.randint(0, 100, 16)
                yield x[idx]


        x = np.random.rand(100, 4)
        for step, xb in enumerate(forever(x)):
            z = xb @ np.zeros((4, 2))
            if step > 100:
                break
        """,
        None,
    ),
    Program(
        "branch-dependent-batch-shapes",
        """
        import numpy as np


        def batches(x, flat):
            for start in range(0, 40, 20):
                if flat:
                    yield x[start:start + 20].reshape(20, 12)
                else:
                    yield x[start:start + 20]


        x = np.random.rand(40, 3, 4)
        for xb in batches(x, np.random.rand() < 2.0):
            out = xb @ np.zeros((12, 2))
        """,
        None,
    ),
]


def run_numpy(source: str) -> int | None:
    """Run ``source`` under the real NumPy: the line of the innermost frame of the program in
    the traceback of the error it raises, None when it runs to completion."""
    try:
        exec(compile(source, "<program>", "exec", dont_inherit=True), {})
    except Exception as error:
        lines = [
            frame.lineno
            for frame in traceback.extract_tb(error.__traceback__)
            if frame.filename == "<program>"
        ]
        return lines[-1]
    return None


@pytest.mark.parametrize("program", BUGS_AND_TWINS + SOUND, ids=lambda p: p.id)
def test_real_numpy_agrees(program: Program) -> None:
    source = textwrap.dedent(program.source)
    assert run_numpy(source) == program.error_line
    reported = sorted({d.span.start.line + 1 for d in errors(source)})
    assert reported == ([] if program.error_line is None else [program.error_line])


def test_loop_variables_of_a_batch_generator() -> None:
    source = textwrap.dedent(MINIBATCHES.format(residual="pred.reshape(-1)"))
    assert describe(source, "xb", 18) == "ndarray[float64, (?, 8)]"
    assert describe(source, "yb", 19) == "ndarray[float64, (?,)]"
    even = source.replace("x = np.random.rand(100, 8)", "x = np.random.rand(96, 8)")
    assert describe(even, "xb", 18) == "ndarray[float64, (32, 8)]"


def test_enumerate_numbers_the_batches() -> None:
    source = textwrap.dedent(YIELD_FROM_EPOCHS.format(shape="50, 784"))
    assert describe(source, "step", 17) == "int in [0, 3]"
    assert describe(source, "xb", 18) == "ndarray[float64, (50, 28, 28)]"


def test_next_and_list_of_a_generator() -> None:
    source = textwrap.dedent(
        """
        import numpy as np


        def batches(x, batch_size):
            for start in range(0, len(x), batch_size):
                yield x[start:start + batch_size]


        first = next(batches(np.zeros((10, 4)), 3))
        everything = list(batches(np.zeros((10, 4)), 3))
        shapes = [b.shape[0] for b in batches(np.zeros((10, 4)), 3)]
        a, b = batches(np.zeros((4, 2)), 2)
        """
    )
    assert describe(source, "first") == "ndarray[float64, (3, 4)]"
    assert describe(source, "everything") == (
        "list[ndarray[float64, (3, 4)], ndarray[float64, (3, 4)], ndarray[float64, (3, 4)],"
        " ndarray[float64, (1, 4)]]"
    )
    assert value_of(source, "shapes").contains([3, 3, 3, 1])
    assert describe(source, "b") == "ndarray[float64, (2, 2)]"


def test_the_consumer_sees_the_generator_effects_between_yields() -> None:
    (program,) = [p for p in SOUND if p.id == "shared-state-between-yields"]
    source = textwrap.dedent(program.source)
    assert describe(source, "k", 15) == "int in [1, 3]"


def test_generator_created_early_binds_its_arguments_at_the_call() -> None:
    source = textwrap.dedent(
        """
        import numpy as np


        def batches(x, batch_size):
            for start in range(0, len(x), batch_size):
                yield x[start:start + batch_size]


        data = np.zeros((8, 3))
        gen = batches(data, 4)
        data = np.zeros((5, 5))
        for xb in gen:
            seen = xb
        """
    )
    assert describe(source, "seen") == "ndarray[float64, (4, 3)]"


def test_argument_errors_are_raised_at_the_call() -> None:
    source = textwrap.dedent(
        """
        def batches(x, batch_size):
            yield x


        g = batches([1, 2])
        """
    )
    assert [(d.code, d.span.start.line + 1) for d in errors(source)] == [("type-error", 6)]


def test_send_and_close_make_the_generator_unknown() -> None:
    source = textwrap.dedent(
        """
        import numpy as np


        def batches(x):
            yield x
            yield x


        g = batches(np.zeros((2, 2)))
        g.send(None)
        for xb in g:
            seen = xb
        """
    )
    assert describe(source, "seen") == "unknown"


def test_a_failure_in_the_generator_body_names_the_loop_that_runs_it() -> None:
    source = textwrap.dedent(GENERATOR_RESHAPE.format(shape="batch_size, 8"))
    (error,) = errors(source)
    assert error.code == "shape-reshape"
    called_from = [item.span.start.line + 1 for item in error.related if "called" in item.message]
    assert called_from == [13, 18]


def test_unknown_epochs_keep_the_batches_of_a_fresh_generator() -> None:
    source = textwrap.dedent(
        """
        import sys

        import numpy as np


        def batches(x, batch_size):
            for start in range(0, len(x), batch_size):
                yield x[start:start + batch_size]


        def train(x, epochs):
            w = np.zeros((8, 1))
            for epoch in range(epochs):
                for step, xb in enumerate(batches(x, 25)):
                    pred = xb @ w
            return pred


        out = train(np.zeros((100, 8)), int(sys.argv[1]))
        """
    )
    assert describe(source, "xb", 16) == "ndarray[float64, (25, 8)]"
    assert describe(source, "step", 15) == "int in [0, 3]"


def test_the_generator_return_ends_the_loop_and_runs_its_else() -> None:
    source = textwrap.dedent(
        """
        import numpy as np


        def until_empty(x):
            for start in range(0, 10, 5):
                yield x[start:start + 5]
            return
            yield x


        count = 0
        for xb in until_empty(np.zeros((10, 3))):
            count = count + 1
        else:
            done = count
        """
    )
    assert describe(source, "done") == "int = 2"


def test_a_failure_before_the_first_yield_is_certain() -> None:
    source = textwrap.dedent(
        """
        import numpy as np


        def batches(x, batch_size):
            x = x.reshape(-1, 7)
            for start in range(0, len(x), batch_size):
                yield x[start:start + batch_size]


        for xb in batches(np.zeros((10, 4)), 2):
            print(xb)
        """
    )
    assert [(d.code, d.span.start.line + 1) for d in errors(source)] == [("shape-reshape", 6)]
