"""``Sequential.add`` (building at the first layer declaring an input, then at every add), the
input shapes layers declare (``input_dim``, ``input_length``, ``batch_input_shape``,
``batch_size``, ``Embedding``'s implicit one), Keras's conforming of an input one rank off a
declared trailing size 1, the checks ``fit``/``predict`` make through the model's layers, loss
functions given to ``compile`` by reference, and the data helpers (``to_categorical``,
``pad_sequences``, ``Tokenizer``) against real Keras 2.12.
"""

from __future__ import annotations

import pytest

from .oracle import TENSORFLOW, Case, check

SEQUENTIAL = (
    "from tensorflow.keras import Sequential\n"
    "from tensorflow.keras.layers import LSTM, Conv2D, Dense, Embedding, Flatten, Reshape\n"
)

BODIES = {
    "add-first-layer-rank": (
        SEQUENTIAL + "model = Sequential()\nresult = model.add(LSTM(4, input_shape=(15,)))\n"
    ),
    "add-stack-rank": (
        SEQUENTIAL + "model = Sequential()\nmodel.add(Dense(5, input_shape=(1,)))\n"
        "result = model.add(LSTM(4))\n"
    ),
    "add-stack-rank-named": (
        SEQUENTIAL + "model = Sequential()\nmodel.add(Dense(5, input_shape=(1,)))\n"
        "result = model.add(Conv2D(4, 3, name='conv'))\n"
    ),
    "add-after-input": (
        SEQUENTIAL + "model = Sequential()\nmodel.add(tf.keras.Input(shape=(3, 4)))\n"
        "model.add(Flatten())\nresult = model.add(LSTM(2))\n"
    ),
    "add-deferred": (
        SEQUENTIAL + "model = Sequential()\nmodel.add(Dense(5))\nmodel.add(LSTM(4))\n"
        "result = model(tf.zeros([2, 3, 7]))\n"
    ),
    "add-deferred-fails-at-call": (
        SEQUENTIAL + "model = Sequential()\nmodel.add(Dense(5))\nmodel.add(LSTM(4))\n"
        "result = model(tf.zeros([2, 7]))\n"
    ),
    "add-ok": (
        SEQUENTIAL + "model = Sequential()\nmodel.add(Dense(5, input_shape=(20, 1)))\n"
        "model.add(LSTM(4))\nresult = model(tf.zeros([2, 20, 1]))\n"
    ),
    "add-pop": (
        SEQUENTIAL + "model = Sequential()\nmodel.add(Dense(5, input_shape=(3,)))\n"
        "model.add(Dense(2))\nmodel.pop()\nresult = model(tf.zeros([4, 3]))\n"
    ),
    "input-dim-dense": (
        SEQUENTIAL + "model = Sequential([Dense(3, input_dim=8)])\n"
        "result = model(tf.zeros([2, 8]))\n"
    ),
    "input-dim-dense-wrong": (
        SEQUENTIAL + "model = Sequential([Dense(3, input_dim=8)])\n"
        "result = model(tf.zeros([2, 6]))\n"
    ),
    "input-dim-lstm-fit-2d": (
        SEQUENTIAL + "model = Sequential()\nmodel.add(LSTM(4, input_dim=9))\nmodel.add(Dense(2))\n"
        "model.compile(loss='mse', optimizer='adam')\n"
        "result = model.fit(np.zeros((64, 9)), np.zeros((64, 2)), verbose=0)\n"
    ),
    "input-dim-lstm-any-length": (
        SEQUENTIAL + "model = Sequential([LSTM(4, input_dim=9)])\n"
        "result = model(tf.zeros([2, 6, 9]))\n"
    ),
    "input-length-lstm": (
        SEQUENTIAL + "model = Sequential([LSTM(4, input_length=6, input_dim=9, "
        "return_sequences=True)])\nresult = model(tf.zeros([2, 6, 9]))\n"
    ),
    "input-length-lstm-wrong": (
        SEQUENTIAL + "model = Sequential([LSTM(4, input_length=6, input_dim=9)])\n"
        "result = model(tf.zeros([2, 5, 9]))\n"
    ),
    "batch-input-shape": (
        SEQUENTIAL + "model = Sequential([Dense(3, batch_input_shape=(None, 5))])\n"
        "result = model(tf.zeros([4, 5]))\n"
    ),
    "batch-input-shape-stack": (
        SEQUENTIAL + "model = Sequential()\n"
        "model.add(LSTM(4, return_sequences=False, batch_input_shape=(None, 7, 3)))\n"
        "result = model.add(LSTM(2))\n"
    ),
    "batch-size": (
        SEQUENTIAL + "model = Sequential([Dense(3, input_shape=(5,), batch_size=4)])\n"
        "result = model(tf.zeros([4, 5]))\n"
    ),
    "embedding-implicit-input": (
        SEQUENTIAL + "model = Sequential([Embedding(100, 8), LSTM(4)])\n"
        "result = model(np.zeros((2, 5)))\n"
    ),
    "embedding-input-length-predict": (
        SEQUENTIAL + "model = Sequential([Embedding(100, 8, input_length=18), Flatten()])\n"
        "result = model.predict(np.zeros((3, 20)), verbose=0)\n"
    ),
    "embedding-input-length-ok": (
        SEQUENTIAL + "model = Sequential([Embedding(100, 8, input_length=18), Flatten()])\n"
        "result = model.predict(np.zeros((3, 18)), verbose=0)\n"
    ),
    "conform-expand": (
        SEQUENTIAL + "model = Sequential([LSTM(4, input_shape=(10, 1))])\n"
        "result = model.predict(np.zeros((3, 10)), verbose=0)\n"
    ),
    "conform-squeeze": (
        SEQUENTIAL + "model = Sequential([Dense(2, input_shape=(5,))])\n"
        "result = model(tf.zeros([4, 5, 1]))\n"
    ),
    "conform-squeeze-predict": (
        SEQUENTIAL + "model = Sequential([Dense(2, input_shape=(5,))])\n"
        "result = model.predict(np.zeros((4, 5, 1)), verbose=0)\n"
    ),
    "conform-conv-channel": (
        SEQUENTIAL + "model = Sequential([Conv2D(2, 3, input_shape=(8, 8, 1)), Flatten()])\n"
        "result = model.predict(np.zeros((2, 8, 8)), verbose=0)\n"
    ),
    "fit-first-layer-rank": (
        SEQUENTIAL + "model = Sequential([Dense(2, input_shape=(5,))])\n"
        "model.compile(loss='mse', optimizer='sgd')\n"
        "result = model.fit(np.zeros((64,)), np.zeros((64, 2)), verbose=0)\n"
    ),
    "fit-deferred-rank": (
        SEQUENTIAL + "model = Sequential([LSTM(3), Dense(1)])\n"
        "model.compile(loss='mse', optimizer='sgd')\n"
        "result = model.fit(np.zeros((64, 9)), np.zeros((64, 1)), verbose=0)\n"
    ),
    "fit-reshape-in-graph": (
        SEQUENTIAL + "model = Sequential([Reshape((2, 5))])\n"
        "model.compile(loss='mse', optimizer='sgd')\n"
        "result = model.fit(np.zeros((64, 10)), np.zeros((64, 2, 5)), verbose=0)\n"
    ),
    "loss-function-reference": (
        SEQUENTIAL + "model = Sequential([Dense(10, activation='softmax', input_shape=(4,))])\n"
        "model.compile(loss=tf.keras.losses.categorical_crossentropy, optimizer='sgd')\n"
        "result = model.fit(np.zeros((64, 4)), np.zeros((64,)), verbose=0)\n"
    ),
    "loss-function-reference-ok": (
        SEQUENTIAL + "model = Sequential([Dense(10, activation='softmax', input_shape=(4,))])\n"
        "model.compile(loss=tf.keras.losses.sparse_categorical_crossentropy, optimizer='sgd')\n"
        "result = model.predict(np.zeros((64, 4)), verbose=0)\n"
    ),
    "binary-loss-function-reference": (
        SEQUENTIAL + "model = Sequential([Dense(3, activation='sigmoid', input_shape=(4,))])\n"
        "model.compile(loss=tf.keras.losses.binary_crossentropy, optimizer='sgd')\n"
        "result = model.fit(np.zeros((64, 4)), np.zeros((64,)), verbose=0)\n"
    ),
    "to-categorical": "result = tf.keras.utils.to_categorical(np.array([0, 2, 1]), 4)\n",
    "to-categorical-column": (
        "result = tf.keras.utils.to_categorical(np.zeros((5, 1), dtype=int), num_classes=3)\n"
    ),
    "to-categorical-2d": "result = tf.keras.utils.to_categorical(np.zeros((5, 2), dtype=int), 3)\n",
    "to-categorical-dtype": ("result = tf.keras.utils.to_categorical([1, 0], 2, dtype='int32')\n"),
    "pad-sequences": (
        "result = tf.keras.preprocessing.sequence.pad_sequences([[1, 2], [3], [4, 5, 6]], "
        "maxlen=5)\n"
    ),
    "pad-sequences-utils": (
        "result = tf.keras.utils.pad_sequences([[1, 2], [3]], maxlen=4, dtype='float32')\n"
    ),
    "tokenizer-sequences": (
        "t = tf.keras.preprocessing.text.Tokenizer(num_words=50)\n"
        "t.fit_on_texts(['a b c', 'b c d e'])\n"
        "result = tf.keras.preprocessing.sequence.pad_sequences("
        "t.texts_to_sequences(['a b', 'c d e', 'e']), maxlen=7)\n"
    ),
    "tokenizer-matrix": (
        "t = tf.keras.preprocessing.text.Tokenizer(num_words=50)\n"
        "t.fit_on_texts(['a b c', 'b c d e'])\n"
        "result = t.texts_to_matrix(['a b', 'c d e'])\n"
    ),
}

IMPRECISE = {
    # A loss function called directly: its per-sample shape is not modelled.
    "loss-function-called": (
        "result = tf.keras.losses.binary_crossentropy(tf.zeros([4, 3]), tf.zeros([4, 3]))\n"
    ),
    # The number of classes is inferred from the labels' values: unknown to tensorls.
    "to-categorical-inferred": "result = tf.keras.utils.to_categorical(np.array([0, 2, 1]))\n",
    # The padded length is the longest sequence's: unknown to tensorls.
    "pad-sequences-longest": (
        "result = tf.keras.preprocessing.sequence.pad_sequences([[1, 2], [3]])\n"
    ),
    "tokenizer-matrix-vocabulary": (
        "t = tf.keras.preprocessing.text.Tokenizer()\n"
        "t.fit_on_texts(['a b c', 'b c d e'])\n"
        "result = t.texts_to_matrix(['a b', 'c d e'])\n"
    ),
}

UNMODELLED = {
    # The Reshape fails in graph mode (inside fit's traced function) in TensorFlow's graph words.
    "fit-reshape-bad-in-graph": (
        SEQUENTIAL + "model = Sequential([Reshape((3, 5))])\n"
        "model.compile(loss='mse', optimizer='sgd')\n"
        "result = model.fit(np.zeros((64, 10)), np.zeros((64, 3, 5)), verbose=0)\n"
    ),
}

CASES = Case.cases_of(BODIES, IMPRECISE, UNMODELLED)

outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_keras(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
