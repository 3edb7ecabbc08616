"""Hover text and inlay labels of tensors, shapes and Keras values; the unknown batch size is a
symbol (``None``), never a guessed size, and Keras symbolic tensors are never reported on."""

from __future__ import annotations

from tensorls.analyses import analyse

from tests.numpy.analysis_helpers import diagnostics, hover_text, value_of

SOURCE = """import tensorflow as tf
from tensorflow import keras

inputs = keras.Input(shape=(784,))
hidden = keras.layers.Dense(128, activation="relu")(inputs)
weights = tf.Variable(tf.random.normal([128, 10]))
logits = hidden @ weights
shape = hidden.shape
batch = tf.zeros([32, 784])
model = keras.Model(inputs, keras.layers.Dense(10)(hidden))
"""


def test_hover_of_a_keras_tensor_shows_the_batch_symbol() -> None:
    text = hover_text(SOURCE, 5, 0)
    assert text.splitlines()[0].endswith("Tensor[float32, (None, 128)]")
    assert "None: batch size of the input declared at line 4" in text


def test_hover_of_a_variable_and_of_a_tensor_shape() -> None:
    assert "Variable[float32, (128, 10)]" in hover_text(SOURCE, 6, 0)
    assert "Tensor[float32, (None, 10)]" in hover_text(SOURCE, 7, 0)
    assert "TensorShape([None, 128])" in hover_text(SOURCE, 8, 0)


def test_hover_of_a_functional_model() -> None:
    text = hover_text(SOURCE, 10, 0)
    assert "keras Model Tensor[float32, (None, 784)] -> Tensor[float32, (None, 10)]" in text


def test_inlay_labels_are_the_shapes() -> None:
    labels = [hint.label for hint in analyse(SOURCE).inlay_hints]
    assert any("(None, 128)" in label for label in labels)
    assert any("(32, 784)" in label for label in labels)


def test_the_batch_size_is_never_guessed() -> None:
    source = (
        "import tensorflow as tf\n"
        "a = tf.keras.Input(shape=(4,))\n"
        "b = tf.keras.Input(shape=(4,))\n"
        "c = a + b\n"
        "d = tf.keras.layers.Dense(3)(a)\n"
        "e = d[0]\n"
        "f = a * 2\n"
    )
    assert diagnostics(source) == []
    # Two inputs' batch sizes may differ (one of them 1): the sum's is unknown, not either one.
    assert value_of(source, 4, "a + b").splitlines()[0] == "Tensor[float32, (?, 4)]"
    assert value_of(source, 7, "a * 2").splitlines()[0] == "Tensor[float32, (None, 4)]"
    assert value_of(source, 6, "d[0]").splitlines()[0] == "Tensor[float32, (3,)]"
    assert value_of(source, 5, "tf.keras.layers.Dense(3)(a)").splitlines()[0] == (
        "Tensor[float32, (None, 3)]"
    )


def test_failing_ops_on_keras_tensors_are_not_reported() -> None:
    source = (
        "import tensorflow as tf\n"
        "a = tf.keras.Input(shape=(3,))\n"
        "b = tf.keras.Input(shape=(4,))\n"
        "c = a + b\n"
        "d = tf.matmul(a, tf.zeros([4, 5]))\n"
    )
    assert diagnostics(source) == []


def test_hover_of_a_dataset_shows_its_element_spec() -> None:
    source = (
        "import numpy as np\n"
        "import tensorflow as tf\n"
        "x = np.zeros((100, 784), 'float32')\n"
        "ds = tf.data.Dataset.from_tensor_slices((x, np.zeros(100, 'int64'))).batch(32)\n"
        "for images, labels in ds:\n"
        "    pass\n"
    )
    assert "Dataset element_spec=(TensorSpec(shape=(None, 784), dtype=tf.float32), " in (
        hover_text(source, 4, 0)
    )
    assert "TensorSpec(shape=(None,), dtype=tf.int64))" in hover_text(source, 4, 0)
    # The eager batches of an iteration have sizes that are not known (the last may be short).
    assert value_of(source, 5, "images").splitlines()[0] == "Tensor[float32, (?, 784)]"


def test_hover_of_a_model_is_its_summary() -> None:
    source = (
        "import tensorflow as tf\n"
        "model = tf.keras.Sequential([\n"
        "    tf.keras.layers.Dense(128, activation='relu', input_shape=(784,), name='hidden'),\n"
        "    tf.keras.layers.Dense(10),\n"
        "])\n"
        "model.add(tf.keras.layers.Dense(3))\n"
        "count = model.count_params()\n"
    )
    text = hover_text(source, 7, 8)
    assert text.splitlines()[1:] == [
        "Layer (type)                 Output Shape           Param #",
        "hidden (Dense)               (None, 128)            100480",
        "Dense                        (None, 10)             1290",
        "Dense                        (None, 3)              33",
        "Total params: 101803",
    ]
    assert value_of(source, 7, "model.count_params()").startswith("int = 101803")


def test_hover_of_a_model_with_unknown_weights_says_so() -> None:
    source = (
        "import tensorflow as tf\n"
        "inputs = tf.keras.Input(shape=(8,))\n"
        "outputs = tf.keras.layers.Dense(4, use_bias=False)(inputs)\n"
        "model = tf.keras.Model(inputs, outputs)\n"
    )
    text = hover_text(source, 4, 0)
    assert text.splitlines()[-1] == "Total params: ?"
    assert "Dense                        (None, 4)              ?" in text


def test_a_gradient_may_be_none() -> None:
    source = (
        "import tensorflow as tf\n"
        "w = tf.Variable(tf.zeros([3, 4]))\n"
        "unused = tf.Variable(tf.zeros([7]))\n"
        "with tf.GradientTape() as tape:\n"
        "    loss = tf.reduce_sum(w)\n"
        "grad = tape.gradient(loss, unused)\n"
        "missing = grad is None\n"
        "if grad is None:\n"
        "    seen = grad\n"
    )
    assert [item for item in diagnostics(source) if item[1] != "single-device-training"] == []
    assert hover_text(source, 6, 0).splitlines()[0] == "grad: Tensor[float32, (7,)] or None"
    assert value_of(source, 7, "grad is None") == "bool"
    assert hover_text(source, 9, 4).splitlines()[0] == "seen: None"
