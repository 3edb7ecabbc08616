"""Restrictions (§2.1, §3.1 and the rewrite's own): each blocks the rewrite with a diagnostic at
the offending code that names the restriction and says what to change."""

from __future__ import annotations

import pytest
from tensorls.analyses.facts import Severity
from tensorls.analyses.horovod import RESTRICTION_CODE, distribute

from .conftest import detect_source

TAPE_LOOP = """
model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(0.1)
for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(tf.ones([1, 2])))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
"""

KERAS_FIT = """
model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
model.fit(tf.ones([4, 2]), tf.ones([4, 1]))
"""

# (name, source, 1-based line of the diagnostic, words the message must contain)
BLOCKED: list[tuple[str, str, int, str]] = [
    ("module aliased", "import tensorflow as tf\nt = tf\n" + TAPE_LOOP, 2, "§2.1.2"),
    (
        "tensorflow name rebound",
        "import tensorflow as tf\nfrom tensorflow import keras\nkeras = 1\n" + TAPE_LOOP,
        3,
        "§2.1.2",
    ),
    (
        "member aliased",
        "import tensorflow as tf\nAdam = tf.keras.optimizers.Adam\n" + TAPE_LOOP,
        2,
        "§2.1.3",
    ),
    (
        "print unpacking a call with side effects",
        "import tensorflow as tf\n" + TAPE_LOOP + "print(*model.evaluate(1))\n",
        10,
        "§2.1.4",
    ),
    (
        "optimizer from get",
        "import tensorflow as tf\nother = tf.keras.optimizers.get('adam')\n" + TAPE_LOOP,
        2,
        "§2.1.5",
    ),
    (
        "apply_gradients nested",
        "import tensorflow as tf\n"
        + TAPE_LOOP.replace("    opt.apply_gradients(", "    print(opt.apply_gradients(").replace(
            "trainable_variables))\n", "trainable_variables)))\n"
        ),
        9,
        "§2.1.8",
    ),
    (
        "apply_gradients on a one-line suite",
        "import tensorflow as tf\n"
        + TAPE_LOOP.replace("    opt.apply_gradients(", "    if True: opt.apply_gradients("),
        9,
        "§2.1.8",
    ),
    (
        "checkpoint aliased",
        "import tensorflow as tf\n"
        + TAPE_LOOP
        + "ckpt = tf.train.Checkpoint(model=model)\nc = ckpt\n",
        11,
        "§2.1.10",
    ),
    (
        "checkpoint passed to a function",
        "import tensorflow as tf\n"
        + TAPE_LOOP
        + "ckpt = tf.train.Checkpoint(model=model)\nsave_it(ckpt)\n",
        11,
        "§2.1.10",
    ),
    (
        "both loop kinds",
        "import tensorflow as tf\n" + TAPE_LOOP + KERAS_FIT.replace("model", "other"),
        13,
        "§3.1.2",
    ),
    (
        "unknown optimizer string",
        "import tensorflow as tf\n" + KERAS_FIT.replace('"sgd"', '"fancy"'),
        4,
        "optimizer name",
    ),
    (
        "lambda learning rate",
        "import tensorflow as tf\n" + TAPE_LOOP.replace("SGD(0.1)", "SGD(lambda: 0.1)"),
        4,
        "callable",
    ),
    (
        "custom schedule",
        "import tensorflow as tf\n"
        "class Warmup(tf.keras.optimizers.schedules.LearningRateSchedule):\n"
        "    def __call__(self, step):\n        return 0.1\n"
        + TAPE_LOOP.replace("SGD(0.1)", "SGD(Warmup())"),
        7,
        "custom schedule",
    ),
    (
        "unknown default learning rate",
        "import tensorflow as tf\n" + TAPE_LOOP.replace("SGD(0.1)", "Lion()"),
        4,
        "default learning rate",
    ),
    (
        "fit on a model compiled elsewhere",
        "import tensorflow as tf\nmodel = tf.keras.models.load_model('m')\n"
        "model.fit(tf.ones([4, 2]), tf.ones([4, 1]))\n",
        3,
        "compiled outside",
    ),
    (
        "minimize",
        "import tensorflow as tf\n" + TAPE_LOOP + "opt.minimize(lambda: 1.0, [])\n",
        10,
        "minimize",
    ),
    ("hvd taken", "import tensorflow as tf\nhvd = 3\n" + TAPE_LOOP, 2, "hvd"),
    (
        "autograph disabled",
        "import tensorflow as tf\nmodel = tf.keras.Sequential([])\nopt = tf.keras.optimizers.SGD(0.1)\n"
        "@tf.function(autograph=False)\ndef step(g):\n"
        "    opt.apply_gradients(zip(g, model.trainable_variables))\n",
        6,
        "autograph",
    ),
    (
        "unidentified variables",
        "import tensorflow as tf\n"
        + TAPE_LOOP.replace("zip(grads, model.trainable_variables)", "pairs()"),
        9,
        "which model",
    ),
    (
        "callback outside a list",
        "import tensorflow as tf\n"
        + KERAS_FIT.replace(
            "model.fit(tf.ones([4, 2]), tf.ones([4, 1]))",
            "model.fit(tf.ones([4, 2]), tf.ones([4, 1]), callbacks=tf.keras.callbacks.TensorBoard())",
        ),
        5,
        "TensorBoard",
    ),
    (
        "tf.distribute strategy",
        "import tensorflow as tf\nstrategy = tf.distribute.MirroredStrategy()\n" + TAPE_LOOP,
        2,
        "tf.distribute",
    ),
    (
        "custom train_step applying gradients",
        "import tensorflow as tf\n"
        "class Net(tf.keras.Model):\n"
        "    def train_step(self, data):\n"
        "        with tf.GradientTape() as tape:\n"
        "            loss = self(data)\n"
        "        grads = tape.gradient(loss, self.trainable_variables)\n"
        "        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))\n"
        "model = Net()\nmodel.compile(optimizer='sgd')\nmodel.fit(tf.ones([4, 2]))\n",
        7,
        "self.optimizer.minimize(loss, self.trainable_variables, tape=tape)",
    ),
    (
        "file written with model code in the block",
        "import tensorflow as tf\n"
        + KERAS_FIT
        + "with open('out.txt', 'w') as f:\n    f.write(str(model.evaluate(tf.ones([4, 2]))))\n",
        6,
        "also runs model code",
    ),
    (
        "file written in a block that sets a name used later",
        "import tensorflow as tf\n"
        + KERAS_FIT
        + "with open('out.txt', 'w') as f:\n    lines = f.write('x')\nprint(lines)\n",
        6,
        "set lines before the with statement",
    ),
    (
        "file write inside an expression",
        "import numpy as np\nimport tensorflow as tf\n"
        + KERAS_FIT
        + "paths = [np.save('a.npy', 1)]\n",
        7,
        "Rank-0 file writes",
    ),
    (
        "save nested in an expression",
        "import tensorflow as tf\n" + TAPE_LOOP + "paths = [model.save_weights('w')]\n",
        10,
        "§2.1.10",
    ),
]


@pytest.mark.parametrize(
    ("source", "line", "words"),
    [case[1:] for case in BLOCKED],
    ids=[case[0] for case in BLOCKED],
)
def test_violation_blocks_the_rewrite(source: str, line: int, words: str) -> None:
    facts = detect_source(source)
    restrictions = [d for d in facts.diagnostics if d.code == RESTRICTION_CODE]
    assert restrictions, facts.diagnostics
    assert any(d.span.start.line == line - 1 and words in d.message for d in restrictions), [
        (d.span.start.line + 1, d.message) for d in restrictions
    ]
    assert all(d.severity == Severity.WARNING for d in restrictions)
    assert all("To distribute this script" in d.message for d in restrictions)
    assert facts.offers == ()
    result = distribute(source)
    assert result.edits == () and result.new_source == source
    assert set(result.blocking) == set(restrictions)


def test_the_same_scripts_without_the_violation_are_offered() -> None:
    for source in (
        "import tensorflow as tf\n" + TAPE_LOOP,
        "import tensorflow as tf\n" + KERAS_FIT,
    ):
        facts = detect_source(source)
        assert [d for d in facts.diagnostics if d.code == RESTRICTION_CODE] == []
        assert len(facts.offers) == 1
        assert distribute(source).blocking == ()


@pytest.mark.parametrize(
    "source",
    [
        "import os\nprint('x')\nimport tensorflow as tf\n" + TAPE_LOOP,
        "try:\n    import tensorflow as tf\nexcept ImportError:\n    raise\n" + TAPE_LOOP,
    ],
    ids=["tensorflow imported after a statement", "tensorflow imported in a try block"],
)
def test_tensorflow_imported_anywhere_is_distributed(source: str) -> None:
    result = distribute(source)
    assert result.blocking == ()
    lines = result.new_source.splitlines()
    setup = lines.index("import horovod.tensorflow as hvd")
    assert "import tensorflow as tf" in lines[:setup]
    assert lines.index("hvd.init()") < lines.index(
        "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])"
    )


def test_print_arguments_with_side_effects_run_on_every_rank() -> None:
    source = (
        "import tensorflow as tf\n"
        + TAPE_LOOP
        + 'print("loss", model.evaluate(1)[0], "steps", step, opt.iterations.numpy())\n'
    )
    result = distribute(source)
    assert result.blocking == ()
    assert result.new_source.endswith(
        "printed = model.evaluate(1, verbose=1 if hvd.rank() == 0 else 0)[0]\n"
        "if hvd.rank() == 0:\n"
        '    print("loss", printed, "steps", step, opt.iterations.numpy())\n'
    )


def test_a_blocked_loop_says_it_is_blocked_and_points_at_the_restriction() -> None:
    source = "import tensorflow as tf\nt = tf\n" + TAPE_LOOP
    facts = detect_source(source)
    (loop,) = [d for d in facts.diagnostics if d.code != RESTRICTION_CODE]
    assert "can be distributed" not in loop.message
    assert loop.message.endswith(
        "distributing it with Horovod is blocked by the restriction reported at line 2"
    )


def test_callback_name_assigned_twice_is_kept_on_rank_0() -> None:
    source = "import tensorflow as tf\n" + KERAS_FIT.replace(
        "model.fit(tf.ones([4, 2]), tf.ones([4, 1]))",
        "cb = tf.keras.callbacks.CSVLogger('a.csv')\n"
        "if True:\n    cb = tf.keras.callbacks.CSVLogger('b.csv')\n"
        "model.fit(tf.ones([4, 2]), tf.ones([4, 1]), callbacks=[cb])",
    )
    result = distribute(source)
    assert result.blocking == ()
    assert "*([cb] if hvd.rank() == 0 else [])" in result.new_source


def test_restrictions_are_not_reported_without_a_training_loop() -> None:
    facts = detect_source("import tensorflow as tf\nt = tf\nprint(input())\n")
    assert facts.diagnostics == () and facts.offers == ()


def test_aliases_the_rules_do_not_match_are_allowed() -> None:
    source = (
        "import tensorflow as tf\nfrom tensorflow.keras import layers\n"
        "AUTOTUNE = tf.data.AUTOTUNE\nfloat_type = tf.float32\n"
        "def build():\n    layers = []\n    return layers\n" + TAPE_LOOP
    )
    facts = detect_source(source)
    assert [d for d in facts.diagnostics if d.code == RESTRICTION_CODE] == []
    assert len(facts.offers) == 1
