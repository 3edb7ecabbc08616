"""Functional models of several inputs and outputs (lists and dicts), their calls and training
with lists and dicts of arrays, and what ``model.summary()`` shows, against real Keras 2.12:
output shapes, input failures, the numbers of samples, ``model.count_params()`` as a constant,
each layer's parameter count and the shapes of ``model.trainable_variables``."""

from __future__ import annotations

import ast

import pytest
from tensorls.analyses.models.tensorflow.keras_models import FunctionalValue, SequentialValue

from ..framework_oracle import result_value
from .oracle import PRELUDE, TENSORFLOW, Case, check, check_constant

LAYERS = "tf.keras.layers"

TWO_TOWERS = (
    "a = tf.keras.Input((16,), name='a')\n"
    "b = tf.keras.Input((8,), name='b')\n"
    f"h = {LAYERS}.Concatenate()([{LAYERS}.Dense(4)(a), {LAYERS}.Dense(4)(b)])\n"
    f"cls = {LAYERS}.Dense(3, name='cls')(h)\n"
    f"reg = {LAYERS}.Dense(1, name='reg')(h)\n"
    "model = tf.keras.Model(inputs=[a, b], outputs=[cls, reg]NAME)\n"
)
LISTS = TWO_TOWERS.replace("NAME", "")
NAMED = TWO_TOWERS.replace("NAME", ", name='towers'")
DICTS = (
    "a = tf.keras.Input((16,), name='a')\n"
    "b = tf.keras.Input((8,), name='b')\n"
    f"h = {LAYERS}.Concatenate()([a, b])\n"
    "model = tf.keras.Model(inputs={'a': a, 'b': b}, outputs={'out': "
    f"{LAYERS}.Dense(3)(h), 'aux': {LAYERS}.Dense(2)(h)}})\n"
)
COMPILED = LISTS + "model.compile('adam', ['sparse_categorical_crossentropy', 'mse'])\n"

BODIES = {
    "lists-call": LISTS + "result = model([tf.zeros([5, 16]), tf.zeros([5, 8])])[0]\n",
    "lists-call-second": LISTS + "result = model([tf.zeros([5, 16]), tf.zeros([5, 8])])[1]\n",
    "lists-call-bug": LISTS + "result = model([tf.zeros([5, 16]), tf.zeros([5, 9])])[0]\n",
    "lists-call-named-bug": NAMED + "result = model([tf.zeros([5, 15]), tf.zeros([5, 8])])[0]\n",
    "lists-call-named-second-bug": (
        NAMED + "result = model([tf.zeros([5, 16]), tf.zeros([5, 9])])[1]\n"
    ),
    "lists-call-tuple": LISTS + "result = model((tf.zeros([5, 16]), tf.zeros([5, 8])))[1]\n",
    "lists-call-symbolic": (
        LISTS + "result = model([tf.keras.Input((16,)), tf.keras.Input((8,))])[0]\n"
    ),
    "lists-outputs": LISTS + "result = model.outputs[1]\n",
    "dicts-call": DICTS
    + "result = model({'a': tf.zeros([5, 16]), 'b': tf.zeros([5, 8])})['aux']\n",
    "dicts-call-bug": (
        DICTS + "result = model({'a': tf.zeros([5, 16]), 'b': tf.zeros([5, 9])})['out']\n"
    ),
    "fit-lists": (
        COMPILED + "model.fit([np.zeros((32, 16)), np.zeros((32, 8))], "
        "[np.zeros(32), np.zeros(32)], verbose=0)\nresult = 0\n"
    ),
    "fit-lists-input": (
        COMPILED + "model.fit([np.zeros((32, 16)), np.zeros((32, 7))], "
        "[np.zeros(32), np.zeros(32)], verbose=0)\nresult = 0\n"
    ),
    "fit-lists-first-input": (
        COMPILED + "model.fit([np.zeros((40, 12)), np.zeros((40, 8))], "
        "[np.zeros(40), np.zeros(40)], verbose=0)\nresult = 0\n"
    ),
    "fit-lists-cardinality": (
        COMPILED + "model.fit([np.zeros((32, 16)), np.zeros((30, 8))], "
        "[np.zeros(32), np.zeros(32)], verbose=0)\nresult = 0\n"
    ),
    "fit-lists-labels-cardinality": (
        COMPILED + "model.fit([np.zeros((32, 16)), np.zeros((32, 8))], "
        "[np.zeros(32), np.zeros(31)], verbose=0)\nresult = 0\n"
    ),
    "fit-dicts": (
        DICTS + "model.compile('adam', {'out': 'mse', 'aux': 'mse'})\n"
        "model.fit({'a': np.zeros((16, 16)), 'b': np.zeros((16, 8))}, "
        "{'out': np.zeros((16, 3)), 'aux': np.zeros((16, 2))}, verbose=0)\nresult = 0\n"
    ),
    "fit-dicts-input": (
        DICTS + "model.compile('adam', 'mse')\n"
        "model.fit({'a': np.zeros((16, 16)), 'b': np.zeros((16, 5))}, "
        "{'out': np.zeros((16, 3)), 'aux': np.zeros((16, 2))}, verbose=0)\nresult = 0\n"
    ),
    "predict-lists": (
        LISTS + "result = model.predict([np.zeros((10, 16)), np.zeros((10, 8))], verbose=0)[1]\n"
    ),
    "predict-dicts": (
        DICTS + "result = model.predict({'a': np.zeros((7, 16)), 'b': np.zeros((7, 8))}, "
        "verbose=0)['out']\n"
    ),
    "evaluate-lists-input": (
        COMPILED + "model.evaluate([np.zeros((32, 16)), np.zeros((32, 9))], "
        "[np.zeros(32), np.zeros(32)], verbose=0)\nresult = 0\n"
    ),
}

MODELS = {
    "mlp": (
        "model = tf.keras.Sequential([\n"
        f"    {LAYERS}.Dense(128, activation='relu', input_shape=(784,)),\n"
        f"    {LAYERS}.Dropout(0.2),\n"
        f"    {LAYERS}.Dense(10),\n"
        "])\n"
    ),
    "cnn": (
        "model = tf.keras.Sequential([\n"
        f"    tf.keras.Input(shape=(28, 28, 1)),\n"
        f"    {LAYERS}.Conv2D(32, 3, activation='relu'),\n"
        f"    {LAYERS}.MaxPooling2D(),\n"
        f"    {LAYERS}.Conv2D(64, (3, 3), padding='same'),\n"
        f"    {LAYERS}.BatchNormalization(),\n"
        f"    {LAYERS}.GlobalAveragePooling2D(),\n"
        f"    {LAYERS}.Dense(10),\n"
        "])\n"
    ),
    "cnn3d": (
        "model = tf.keras.Sequential([\n"
        f"    {LAYERS}.Conv3D(4, 3, input_shape=(8, 8, 8, 2)),\n"
        f"    {LAYERS}.Conv1D(3, 2) if False else {LAYERS}.Flatten(),\n"
        f"    {LAYERS}.Dense(5),\n"
        "])\n"
    ),
    "rnn": (
        "model = tf.keras.Sequential([\n"
        f"    {LAYERS}.Embedding(1000, 16, input_shape=(20,)),\n"
        f"    {LAYERS}.Bidirectional({LAYERS}.LSTM(8, return_sequences=True)),\n"
        f"    {LAYERS}.GRU(6),\n"
        f"    {LAYERS}.LayerNormalization(),\n"
        f"    {LAYERS}.Dense(1, activation='sigmoid'),\n"
        "])\n"
    ),
    "simple-rnn": (
        "model = tf.keras.Sequential([\n"
        f"    {LAYERS}.SimpleRNN(5, input_shape=(None, 3)),\n"
        f"    {LAYERS}.Dense(2),\n"
        "])\n"
    ),
    "added": (
        "model = tf.keras.Sequential()\n"
        f"model.add({LAYERS}.Dense(32, input_shape=(10,)))\n"
        f"model.add({LAYERS}.Dense(4))\n"
    ),
    "towers": LISTS,
    "dicts": DICTS,
    "transformer": (
        "tokens = tf.keras.Input(shape=(12,), dtype='int32')\n"
        f"x = {LAYERS}.Embedding(500, 32)(tokens)\n"
        f"attended = {LAYERS}.MultiHeadAttention(num_heads=4, key_dim=8)(x, x)\n"
        f"x = {LAYERS}.LayerNormalization()({LAYERS}.Add()([x, attended]))\n"
        f"pooled = {LAYERS}.GlobalAveragePooling1D()(x)\n"
        f"model = tf.keras.Model(tokens, {LAYERS}.Dense(2)(pooled))\n"
    ),
    "attention": (
        "q = tf.keras.Input(shape=(5, 6))\n"
        "v = tf.keras.Input(shape=(7, 6))\n"
        f"scored = {LAYERS}.AdditiveAttention()([q, v])\n"
        f"mixed = {LAYERS}.MultiHeadAttention(2, 3, value_dim=4, output_shape=5)(q, v)\n"
        f"model = tf.keras.Model([q, v], {LAYERS}.Concatenate()([scored, mixed]))\n"
    ),
    "shared": (
        "x = tf.keras.Input(shape=(6,))\n"
        f"shared = {LAYERS}.Dense(6)\n"
        "model = tf.keras.Model(x, shared(shared(x)))\n"
    ),
}

COUNTS = {
    f"count-{name}": body + "result = model.count_params()\n" for name, body in MODELS.items()
}
LAYER_COUNTS = {
    f"layers-{name}": body + "result = sorted(layer.count_params() for layer in model.layers)\n"
    for name, body in MODELS.items()
}
VARIABLES = {
    f"variables-{name}": body + "result = model.trainable_variables[-2]\n"
    for name, body in MODELS.items()
    if "Sequential" in body
}

CASES = Case.cases_of({**BODIES, **COUNTS, **VARIABLES})
LAYER_CASES = Case.cases_of(LAYER_COUNTS)


outcomes = TENSORFLOW.outcomes_fixture(CASES + LAYER_CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_keras(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
    if case.id.startswith("count-"):
        check_constant(case, outcomes[case.id])


def _model_value(case: Case) -> object:
    """The analysed value of ``model`` (the case with its last line replaced)."""
    lines = case.body.splitlines()
    source = PRELUDE + "\n".join([*lines[:-1], "result = model"]) + "\n"
    return result_value(source)


@pytest.mark.parametrize("case", LAYER_CASES, ids=lambda case: case.id)
def test_each_layer_counts_its_parameters(
    case: Case, outcomes: dict[str, dict[str, object]]
) -> None:
    model = _model_value(case)
    assert isinstance(model, (SequentialValue, FunctionalValue)), model
    described = model.describe().splitlines()
    assert described[-1].startswith("Total params: "), described
    counts = sorted(int(line.split()[-1]) for line in described[2:-1])
    expected = ast.literal_eval(outcomes[case.id]["result"]["repr"])  # type: ignore[index]
    assert counts == expected, (case.body, described, expected)
