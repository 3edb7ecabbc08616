"""``detect``: training-loop identification (§3), offers, already-distributed files, cost."""

from __future__ import annotations

import subprocess
import sys

from tensorls.analyses.facts import Severity
from tensorls.analyses.horovod import OFFER_IDENTIFIER, SINGLE_DEVICE_CODE, distribute
from tensorls.analyses.horovod.text_edits import split_lines

from .conftest import detect_source

TAPE_STEP = """import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(0.1)


def step(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(x))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))


def train(data):
    for epoch in range(2):
        for x in data:
            step(x)


train([tf.ones([1, 2])])
"""


def loop_lines(source: str) -> list[tuple[int, str]]:
    facts = detect_source(source)
    return [
        (
            d.span.start.line + 1,
            split_lines(source)[d.span.start.line][d.span.start.character : d.span.end.character],
        )
        for d in facts.diagnostics
        if d.code == SINGLE_DEVICE_CODE
    ]


def test_the_loop_around_a_training_function_is_reported_through_summaries() -> None:
    assert loop_lines(TAPE_STEP) == [(15, "for epoch in range(2)")]


def test_summaries_follow_tf_function_wrappers() -> None:
    source = TAPE_STEP.replace("            step(x)", "            fast(x)").replace(
        "def train(data):", "fast = tf.function(step)\n\n\ndef train(data):"
    )
    assert loop_lines(source) == [(18, "for epoch in range(2)")]


def test_a_training_function_never_called_in_a_loop_is_reported_at_its_step() -> None:
    source = TAPE_STEP.split("def train")[0]
    facts = detect_source(source)
    (diagnostic,) = facts.diagnostics
    assert diagnostic.span.start.line + 1 == 8
    assert source.splitlines()[7].startswith("    with tf.GradientTape() as tape:")


def test_keras_fit_is_reported_at_the_call() -> None:
    source = (
        "import tensorflow as tf\nm = tf.keras.Sequential([])\nm.compile(loss='mse')\n"
        "m.fit([1], [1])\n"
    )
    assert loop_lines(source) == [(4, "m.fit([1], [1])")]


def test_the_offer_points_at_the_information_diagnostic() -> None:
    facts = detect_source(TAPE_STEP)
    (diagnostic,) = facts.diagnostics
    assert diagnostic.severity == Severity.INFORMATION
    assert "trains on a single device" in diagnostic.message
    (offer,) = facts.offers
    assert offer.identifier == OFFER_IDENTIFIER
    assert offer.title == "Distribute with Horovod"
    assert offer.diagnostic_code == SINGLE_DEVICE_CODE
    assert offer.span == diagnostic.span


def test_files_without_training_get_no_facts_and_are_refused() -> None:
    source = "import tensorflow as tf\nx = tf.ones([2])\nprint(x)\nscaler.fit(x)\n"
    facts = detect_source(source)
    assert facts.diagnostics == () and facts.offers == () and not facts.already_distributed
    result = distribute(source)
    assert result.blocking and result.edits == ()


def test_files_importing_horovod_are_already_distributed() -> None:
    for header in ("import horovod.tensorflow as hvd\n", "from horovod.tensorflow import keras\n"):
        source = header + TAPE_STEP
        facts = detect_source(source)
        assert facts.already_distributed and facts.diagnostics == () and facts.offers == ()
        result = distribute(source)
        assert result.already_distributed and result.edits == () and result.blocking == ()


def test_syntax_errors_are_refused_without_raising() -> None:
    result = distribute("import tensorflow as tf\nfor\n")
    assert [d.code for d in result.blocking] == ["syntax-error"]


def test_detect_does_not_load_libcst() -> None:
    program = (
        "import ast, sys\n"
        "from tensorls.analyses.horovod import detect\n"
        "from tensorls.analyses.text import SourceText\n"
        f"source = {TAPE_STEP!r}\n"
        "facts = detect(ast.parse(source), SourceText(source))\n"
        "assert facts.offers\n"
        "print('libcst' in sys.modules)\n"
    )
    output = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    ).stdout
    assert output.strip() == "False"


def test_cyclic_name_assignments_terminate() -> None:
    source = TAPE_STEP.replace("SGD(0.1)", "SGD(rate)").replace(
        "opt = ", "rate = other\nother = rate\nopt = "
    )
    result = distribute(source)
    assert result.blocking == ()
    assert "tf.keras.optimizers.SGD(rate * hvd.size())" in result.new_source


def test_deeply_nested_files_are_refused_without_raising() -> None:
    terms = " + ".join(["model.trainable_variables"] * 400)
    source = TAPE_STEP.replace("zip(grads, model.trainable_variables))", f"zip(grads, {terms}))")
    detect_source(source)
    result = distribute(source)
    assert result.edits == ()
    assert [d.code for d in result.blocking] == ["horovod-rewrite-failed"]


def test_form_feed_lines_do_not_shift_positions() -> None:
    source = TAPE_STEP.replace("\n\n\ndef train", "\n\x0c\n\ndef train")
    assert loop_lines(source) == [(15, "for epoch in range(2)")]
    result = distribute(source)
    assert result.blocking == ()
    assert "hvd.broadcast_variables(model.variables, root_rank=0)" in result.new_source
