"""``compile``/``fit``/``evaluate``/``predict``/``train_on_batch``/``test_on_batch`` against real
Keras 2.12: inputs against the model's input shape, numbers of samples, labels against the output
for ``categorical_crossentropy`` and ``sparse_categorical_crossentropy``, uncompiled models, with
arrays, tensors, datasets and Python batch generators; ``predict``'s result shape.
"""

from __future__ import annotations

import pytest

from .oracle import TENSORFLOW, Case, check

MLP = (
    "model = tf.keras.Sequential([\n"
    "    tf.keras.layers.Dense(16, activation='relu', input_shape=(20,)),\n"
    "    tf.keras.layers.Dense(10),\n"
    "])\n"
)
SPARSE = MLP + "model.compile(optimizer='adam', loss='sparse_categorical_crossentropy')\n"
CATEGORICAL = MLP + "model.compile(optimizer='adam', loss='categorical_crossentropy')\n"
BINARY = (
    "model = tf.keras.Sequential([\n"
    "    tf.keras.layers.Dense(8, input_shape=(20,)),\n"
    "    tf.keras.layers.Dense(OUT, activation='sigmoid'),\n"
    "])\n"
    "model.compile(optimizer='adam', loss='binary_crossentropy')\n"
)
DATA = "x = np.zeros((64, 20), 'float32')\ny = np.zeros((64,), 'int64')\n"
FUNCTIONAL = (
    "inputs = tf.keras.Input(shape=(8, 8, 1))\n"
    "hidden = tf.keras.layers.Flatten()(inputs)\n"
    "model = tf.keras.Model(inputs, tf.keras.layers.Dense(4)(hidden), name='net')\n"
    "model.compile('sgd', loss='categorical_crossentropy')\n"
    "images = np.zeros((12, 8, 8, 1), 'float32')\n"
)

GENERATOR = (
    "def batches(inputs, labels, batch_size):\n"
    "    while True:\n"
    "        idx = np.random.randint(0, len(inputs), batch_size)\n"
    "        yield inputs[idx], labels[idx]\n"
)
"""A Keras-style endless batch generator (the ``data_generator`` idiom of ``fit(generator)``)."""

BODIES = {
    "fit-sparse": SPARSE
    + DATA
    + "model.fit(x, y, epochs=1, verbose=0)\nresult = model.predict(x, verbose=0)\n",
    "fit-input": SPARSE + DATA + "model.fit(x[:, :18], y, epochs=1, verbose=0)\nresult = 0\n",
    "fit-input-remainder": (
        SPARSE + "x = np.zeros((50, 21), 'float32')\ny = np.zeros((50,), 'int64')\n"
        "model.fit(x, y, verbose=0)\nresult = 0\n"
    ),
    "fit-input-batch-size": (
        SPARSE + DATA + "model.fit(x[:, :10], y, batch_size=16, verbose=0)\nresult = 0\n"
    ),
    "fit-input-rank": (
        SPARSE + "model.fit(np.zeros((64, 4, 5)), np.zeros(64), verbose=0)\nresult = 0\n"
    ),
    "fit-tensors": (
        SPARSE + "model.fit(tf.zeros([32, 22]), tf.zeros([32]), verbose=0)\nresult = 0\n"
    ),
    "fit-cardinality": SPARSE + DATA + "model.fit(x, y[:40], verbose=0)\nresult = 0\n",
    "evaluate-cardinality": SPARSE + DATA + "model.evaluate(x[:10], y, verbose=0)\nresult = 0\n",
    "train-on-batch-cardinality": SPARSE + DATA + "model.train_on_batch(x, y[:3])\nresult = 0\n",
    "fit-not-compiled": MLP + DATA + "model.fit(x, y, verbose=0)\nresult = 0\n",
    "evaluate-not-compiled": MLP + DATA + "model.evaluate(x, y, verbose=0)\nresult = 0\n",
    "predict-not-compiled": MLP + DATA + "result = model.predict(x, verbose=0)\n",
    "predict-input": SPARSE + "result = model.predict(np.zeros((7, 19)), verbose=0)\n",
    "predict-input-batch": (
        SPARSE + "result = model.predict(np.zeros((64, 19)), batch_size=8, verbose=0)\n"
    ),
    "predict-on-batch": SPARSE + "result = model.predict_on_batch(np.zeros((5, 20)))\n",
    "predict-on-batch-input": SPARSE + "result = model.predict_on_batch(np.zeros((5, 2)))\n",
    "train-on-batch-input": SPARSE + DATA + "model.train_on_batch(x[:, 1:], y)\nresult = 0\n",
    "test-on-batch-input": SPARSE + DATA + "model.test_on_batch(x[:, 1:], y)\nresult = 0\n",
    "categorical-sparse-labels": CATEGORICAL + DATA + "model.fit(x, y, verbose=0)\nresult = 0\n",
    "categorical-sparse-labels-remainder": (
        CATEGORICAL + "model.fit(np.zeros((40, 20)), np.zeros(40), verbose=0)\nresult = 0\n"
    ),
    "categorical-width": (
        CATEGORICAL + DATA + "model.fit(x, np.zeros((64, 5)), verbose=0)\nresult = 0\n"
    ),
    "categorical-one-hot": (
        CATEGORICAL + DATA + "model.fit(x, tf.one_hot(y, 10), verbose=0)\n"
        "result = model.predict(x, verbose=0)\n"
    ),
    "categorical-train-on-batch": CATEGORICAL + DATA + "model.train_on_batch(x, y)\nresult = 0\n",
    "categorical-evaluate": CATEGORICAL + DATA + "model.evaluate(x, y, verbose=0)\nresult = 0\n",
    "sparse-one-hot": (SPARSE + DATA + "model.fit(x, np.zeros((64, 10)), verbose=0)\nresult = 0\n"),
    "sparse-one-hot-train-on-batch": (
        SPARSE + DATA + "model.train_on_batch(x, np.zeros((64, 10)))\nresult = 0\n"
    ),
    "sparse-column": (
        SPARSE + DATA + "model.fit(x, np.zeros((64, 1)), verbose=0)\n"
        "result = model.predict(x, verbose=0)\n"
    ),
    "dataset-fit": (
        SPARSE + DATA + "ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(16)\n"
        "model.fit(ds, epochs=1, verbose=0)\nresult = 0\n"
    ),
    "dataset-input": (
        SPARSE + "ds = tf.data.Dataset.from_tensor_slices("
        "(np.zeros((30, 12), 'float32'), np.zeros(30))).batch(10)\n"
        "model.fit(ds, verbose=0)\nresult = 0\n"
    ),
    "dataset-categorical": (
        CATEGORICAL + DATA + "ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(16)\n"
        "model.fit(ds, verbose=0)\nresult = 0\n"
    ),
    "dataset-categorical-drop": (
        CATEGORICAL
        + DATA
        + "ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(16, drop_remainder=True)\n"
        "model.evaluate(ds, verbose=0)\nresult = 0\n"
    ),
    "functional-fit": (
        FUNCTIONAL + "model.fit(images, tf.one_hot(np.zeros(12, 'int32'), 4), verbose=0)\n"
        "result = model.predict(images, verbose=0)\n"
    ),
    "functional-input": (
        FUNCTIONAL + "model.fit(np.zeros((12, 8, 7, 1)), np.zeros((12, 4)), verbose=0)\n"
        "result = 0\n"
    ),
    "functional-labels": (
        FUNCTIONAL + "model.fit(images, np.zeros((12, 3)), batch_size=4, verbose=0)\nresult = 0\n"
    ),
    "binary": (
        BINARY.replace("OUT", "1") + DATA + "model.fit(x, y, verbose=0)\n"
        "result = model.predict(x, verbose=0)\n"
    ),
    "binary-two-columns": (
        BINARY.replace("OUT", "1")
        + DATA
        + "model.fit(x, np.zeros((64, 2)), verbose=0)\nresult = 0\n"
    ),
    "binary-wide-output": BINARY.replace("OUT", "3")
    + DATA
    + "model.fit(x, y, verbose=0)\nresult = 0\n",
    "binary-remainder": (
        BINARY.replace("OUT", "3") + "model.fit(np.zeros((50, 20)), np.zeros((50, 2)), verbose=0)\n"
        "result = 0\n"
    ),
    "binary-train-on-batch": (
        BINARY.replace("OUT", "3")
        + DATA
        + "model.train_on_batch(x, np.zeros((64, 2)))\nresult = 0\n"
    ),
    "binary-activation-layer": (
        "model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(20,)),"
        " tf.keras.layers.Activation('sigmoid')])\n"
        "model.compile('adam', 'binary_crossentropy')\n"
        + DATA
        + "model.evaluate(x, np.zeros((64, 2)), verbose=0)\nresult = 0\n"
    ),
    "binary-without-sigmoid": (
        BINARY.replace("'sigmoid'", "'relu'").replace("OUT", "1")
        + DATA
        + "model.fit(x, np.zeros((64, 2)), verbose=0)\nresult = model.predict(x, verbose=0)\n"
    ),
    "compiled-in-a-function": (
        MLP + DATA + "def setup(m):\n    m.compile('adam', 'sparse_categorical_crossentropy')\n"
        "setup(model)\nmodel.fit(x, y, verbose=0)\nresult = model.predict(x[:3], verbose=0)\n"
    ),
    "recompiled": (
        SPARSE + DATA + "model.compile('adam', 'categorical_crossentropy')\n"
        "model.fit(x, y, verbose=0)\nresult = 0\n"
    ),
    "loss-object-labels": (
        MLP + DATA + "model.compile('adam', tf.keras.losses.CategoricalCrossentropy())\n"
        "model.fit(x, y, verbose=0)\nresult = 0\n"
    ),
    "loss-object": (
        MLP + DATA + "model.compile('adam', tf.keras.losses.CategoricalCrossentropy())\n"
        "model.fit(x, np.zeros((64, 10)), verbose=0)\nresult = model.predict(x, verbose=0)\n"
    ),
    "generator-fit": (
        SPARSE + DATA + GENERATOR + "model.fit(batches(x, y, 16), steps_per_epoch=2, verbose=0)\n"
        "result = model.predict(x, verbose=0)\n"
    ),
    "generator-categorical-labels": (
        CATEGORICAL
        + DATA
        + GENERATOR
        + "model.fit(batches(x, y, 16), steps_per_epoch=2, verbose=0)\nresult = 0\n"
    ),
}

IMPRECISE = {
    # The number of samples of a dataset is not modelled: predict's first size is unknown.
    "dataset-predict": (
        SPARSE + DATA + "ds = tf.data.Dataset.from_tensor_slices(x).batch(16)\n"
        "result = model.predict(ds, verbose=0)\n"
    ),
    "fit-unknown-samples": (
        SPARSE + "n = size(64)\nmodel.fit(np.zeros((n, 20)), np.zeros(n), verbose=0)\n"
        "result = model.predict(np.zeros((n, 20)), verbose=0)\n"
    ),
}

UNMODELLED = {
    # The flattened labels fail only at run time for a partial batch (an op error naming the
    # traced function): not reported.
    "sparse-one-hot-remainder": (
        SPARSE + "model.fit(np.zeros((40, 20)), np.zeros((40, 10)), verbose=0)\nresult = 0\n"
    ),
    # A built model is traced with the ranks of a generator's batches only: wrong feature sizes
    # fail at run time, in an op error naming the traced function.
    "generator-input": (
        SPARSE + DATA + GENERATOR + "model.fit(batches(x[:, :18], y, 16), steps_per_epoch=2,"
        " verbose=0)\nresult = 0\n"
    ),
}

CASES = Case.cases_of(BODIES, IMPRECISE, UNMODELLED)


outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_keras(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
