"""``tf.GradientTape`` gradients, ``apply_gradients`` of Keras optimizers, ``tf.function`` and
``tf.Variable`` updates against real TensorFlow 2.12: gradients have the shapes of their sources
in the sources' structure (a gradient may be ``None``: never assumed present), optimizer steps
with a gradient that does not fit its variable fail where and as TensorFlow fails, a
``tf.function`` is transparent for shapes, variable updates check their shapes.
"""

from __future__ import annotations

import pytest

from .oracle import TENSORFLOW, Case, check

VARIABLES = (
    "w = tf.Variable(tf.random.normal([3, 4]))\n"
    "b = tf.Variable(tf.zeros([4]))\n"
    "x = tf.random.normal([2, 3])\n"
    "with tf.GradientTape() as tape:\n"
    "    loss = tf.reduce_sum(x @ w + b)\n"
)
UPDATE = "w = tf.Variable(tf.zeros([3, 4]))\n"

STEP = (
    "w = tf.Variable(tf.zeros([3, 4]))\n"
    "b = tf.Variable(tf.zeros([4]))\n"
    "optimizer = tf.keras.optimizers.{kind}\n"
    "optimizer.apply_gradients(zip([tf.zeros({grad}), tf.zeros([4])], [w, b]))\n"
    "result = w\n"
)
OPTIMIZER_CASES = {
    f"step-{kind.split('(')[0].replace('.', '-')}-{index}": STEP.format(kind=kind, grad=grad)
    for kind in ("SGD()", "SGD(momentum=0.9)", "Adam()", "AdamW()", "RMSprop()", "Adagrad()")
    for index, grad in enumerate(("[3, 4]", "[4]", "[1, 4]", "[4, 3]", "[3, 4, 1]", "[3, 1]"))
} | {
    f"step-legacy-{kind}-{index}": STEP.format(kind=f"legacy.{kind}()", grad=grad)
    for kind in ("SGD", "Adam")
    for index, grad in enumerate(("[3, 4]", "[4]", "[4, 3]"))
}
UNCHECKED_OPTIMIZERS = {
    f"step-{kind.replace('.', '-')}-{index}": STEP.format(kind=f"{kind}()", grad=grad)
    for kind in ("legacy.RMSprop", "Nadam", "Adamax")
    for index, grad in enumerate(("[3, 4]", "[4, 3]"))
}

BODIES = {
    "gradient-list": VARIABLES + "grads = tape.gradient(loss, [w, b])\nresult = grads[0]\n",
    "gradient-list-bias": VARIABLES + "grads = tape.gradient(loss, [w, b])\nresult = grads[1]\n",
    "gradient-tuple": VARIABLES + "gw, gb = tape.gradient(loss, (w, b))\nresult = gb\n",
    "gradient-single": VARIABLES + "result = tape.gradient(loss, w)\n",
    "gradient-dict": (
        VARIABLES
        + "grads = tape.gradient(loss, {'w': w, 'rest': [b]})\nresult = grads['rest'][0]\n"
    ),
    "gradient-watched-tensor": (
        "x = tf.zeros([5, 2])\n"
        "with tf.GradientTape() as tape:\n"
        "    tape.watch(x)\n"
        "    y = tf.reduce_sum(x * x)\n"
        "result = tape.gradient(y, x)\n"
    ),
    "gradient-persistent": (
        VARIABLES.replace("GradientTape()", "GradientTape(persistent=True)")
        + "first = tape.gradient(loss, w)\nresult = tape.gradient(loss, b)\n"
    ),
    # The gradient of an unconnected source is None: never assumed to be a tensor.
    "gradient-unconnected": (
        VARIABLES + "unused = tf.Variable(tf.zeros([7]))\n"
        "grad = tape.gradient(loss, unused)\n"
        "result = 0 if grad is None else grad.shape[5]\n"
    ),
    "gradient-none-filtered": (
        VARIABLES + "unused = tf.Variable(tf.zeros([7]))\n"
        "grads = tape.gradient(loss, [w, unused])\n"
        "kept = [g for g in grads if g is not None]\n"
        "result = grads[0]\n"
    ),
    "gradient-zero": (
        VARIABLES + "unused = tf.Variable(tf.zeros([7]))\n"
        "result = tape.gradient(loss, unused, unconnected_gradients='zero')\n"
    ),
    "gradient-step": (
        VARIABLES + "grads = tape.gradient(loss, [w, b])\n"
        "tf.keras.optimizers.Adam(0.01).apply_gradients(zip(grads, [w, b]))\n"
        "result = w\n"
    ),
    "gradient-step-pairs": (
        VARIABLES + "grads = tape.gradient(loss, [w, b])\n"
        "tf.keras.optimizers.SGD().apply_gradients([(grads[0], w), (tf.zeros([2]), b)])\n"
        "result = w\n"
    ),
    "gradient-bug": (
        VARIABLES + "grads = tape.gradient(loss, [w, b])\n"
        "tf.keras.optimizers.SGD().apply_gradients(zip(grads, [w, b]))\n"
        "result = tf.matmul(grads[0], grads[1])\n"
    ),
    "assign": UPDATE + "result = w.assign(tf.ones([3, 4]))\n",
    "assign-transposed": UPDATE + "w.assign(tf.ones([4, 3]))\nresult = w\n",
    "assign-scalar": UPDATE + "w.assign(2.0)\nresult = w\n",
    "assign-list": UPDATE + "w.assign([[1.0, 2.0, 3.0, 4.0]])\nresult = w\n",
    "assign-numpy": UPDATE + "w.assign(np.zeros((3, 4), 'float32'))\nresult = w\n",
    "assign-add": UPDATE + "w.assign_add(tf.ones([3, 4]))\nresult = w.read_value()\n",
    "assign-add-row": UPDATE + "w.assign_add(tf.ones([4]))\nresult = w\n",
    "assign-sub-rank": UPDATE + "w.assign_sub(tf.ones([3, 4, 1]))\nresult = w\n",
    "function-decorator": (
        "@tf.function\n"
        "def dense(x, w):\n"
        "    return tf.nn.relu(x @ w)\n"
        "result = dense(tf.zeros([8, 3]), tf.zeros([3, 5]))\n"
    ),
    "function-call": (
        "def twice(x):\n"
        "    return tf.concat([x, x], axis=1)\n"
        "result = tf.function(twice)(tf.zeros([2, 3]))\n"
    ),
    "function-signature": (
        "@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])\n"
        "def total(x):\n"
        "    return tf.reduce_sum(x, axis=1)\n"
        "result = total(tf.zeros([6, 3]))\n"
    ),
    "function-tuple": (
        "@tf.function\n"
        "def split(x):\n"
        "    return x[:, :2], x[:, 2:]\n"
        "left, right = split(tf.zeros([4, 5]))\n"
        "result = right\n"
    ),
    "function-then-eager-bug": (
        "@tf.function\n"
        "def project(x):\n"
        "    return x @ tf.zeros([3, 5])\n"
        "y = project(tf.zeros([2, 3]))\n"
        "result = y + tf.zeros([2, 3])\n"
    ),
    "function-train-step": (
        "model_w = tf.Variable(tf.zeros([4, 2]))\n"
        "optimizer = tf.keras.optimizers.SGD(0.1)\n"
        "@tf.function\n"
        "def train_step(x, y):\n"
        "    with tf.GradientTape() as tape:\n"
        "        loss = tf.reduce_mean(tf.square(x @ model_w - y))\n"
        "    grads = tape.gradient(loss, [model_w])\n"
        "    optimizer.apply_gradients(zip(grads, [model_w]))\n"
        "    return loss\n"
        "result = train_step(tf.zeros([16, 4]), tf.zeros([16, 2]))\n"
    ),
    "function-method": (
        "class Trainer:\n"
        "    def __init__(self):\n"
        "        self.w = tf.Variable(tf.zeros([3, 2]))\n"
        "    @tf.function\n"
        "    def __call__(self, x):\n"
        "        return x @ self.w\n"
        "result = Trainer()(tf.zeros([7, 3]))\n"
    ),
    **OPTIMIZER_CASES,
}

UNMODELLED = {
    # Inside a tf.function, TensorFlow raises graph-mode errors that tensorls does not word.
    "function-graph-error": (
        "@tf.function\n"
        "def project(x):\n"
        "    return x @ tf.zeros([4, 5])\n"
        "result = project(tf.zeros([2, 3]))\n"
    ),
    # Optimizers whose update is not modelled: never reported on.
    **UNCHECKED_OPTIMIZERS,
}

CASES = Case.cases_of(BODIES, unmodelled=UNMODELLED)


outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_tensorflow(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
