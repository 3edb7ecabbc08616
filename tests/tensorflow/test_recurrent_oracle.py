"""``SimpleRNN``/``LSTM``/``GRU`` (``return_sequences``, ``return_state``), ``Bidirectional``
(``merge_mode``, states), ``Embedding``,
``BatchNormalization`` and ``LayerNormalization`` against real Keras 2.12: output shapes, symbolic
and eager, in models, and the input-rank failure of recurrent layers."""

from __future__ import annotations

import pytest

from .oracle import TENSORFLOW, Case, check

LAYERS = "tf.keras.layers"

BODIES = {
    "lstm": f"result = {LAYERS}.LSTM(8)(tf.zeros([4, 10, 3]))\n",
    "lstm-sequences": f"result = {LAYERS}.LSTM(8, return_sequences=True)(tf.zeros([4, 10, 3]))\n",
    "gru-symbolic": f"x = tf.keras.Input(shape=(None, 5))\nresult = {LAYERS}.GRU(6)(x)\n",
    "simple-rnn-sequences": (
        f"x = tf.keras.Input(shape=(7, 5))\nresult = {LAYERS}.SimpleRNN(3, return_sequences=True)(x)\n"
    ),
    "lstm-rank": f"result = {LAYERS}.LSTM(8)(tf.zeros([4, 10]))\n",
    "gru-rank-4": f"result = {LAYERS}.GRU(8)(tf.zeros([4, 10, 3, 1]))\n",
    "bidirectional": f"result = {LAYERS}.Bidirectional({LAYERS}.LSTM(8))(tf.zeros([2, 6, 3]))\n",
    "bidirectional-sum": (
        f"result = {LAYERS}.Bidirectional({LAYERS}.GRU(4, return_sequences=True), "
        "merge_mode='sum')(tf.zeros([2, 6, 3]))\n"
    ),
    "bidirectional-rank": f"result = {LAYERS}.Bidirectional({LAYERS}.GRU(2))(tf.zeros([2, 6]))\n",
    "embedding": f"result = {LAYERS}.Embedding(1000, 64)(tf.zeros([8, 20], tf.int32))\n",
    "embedding-symbolic": (
        f"x = tf.keras.Input(shape=(None,), dtype='int32')\nresult = {LAYERS}.Embedding(50, 16)(x)\n"
    ),
    "attention": (
        f"q = tf.zeros([2, 5, 16])\nv = tf.zeros([2, 9, 8])\n"
        f"result = {LAYERS}.MultiHeadAttention(num_heads=4, key_dim=8)(q, v)\n"
    ),
    "attention-output-shape": (
        f"x = tf.keras.Input(shape=(10, 32))\n"
        f"result = {LAYERS}.MultiHeadAttention(2, 16, output_shape=12)(x, x)\n"
    ),
    "attention-block": (
        "x = tf.random.normal([3, 7, 24])\n"
        f"attended = {LAYERS}.MultiHeadAttention(num_heads=3, key_dim=8)(x, x)\n"
        f"result = {LAYERS}.LayerNormalization()(x + attended)\n"
    ),
    "attention-block-bug": (
        "x = tf.random.normal([3, 7, 24])\n"
        f"attended = {LAYERS}.MultiHeadAttention(3, 8, output_shape=8)(x, x)\n"
        f"result = {LAYERS}.LayerNormalization()(x + attended)\n"
    ),
    "attention-scores": (
        "q = tf.zeros([2, 5, 16])\n"
        f"out, scores = {LAYERS}.MultiHeadAttention(4, 8)(q, q, return_attention_scores=True)\n"
        "result = scores\n"
    ),
    "batch-norm": f"result = {LAYERS}.BatchNormalization()(tf.zeros([8, 5, 5, 3]))\n",
    "layer-norm": f"result = {LAYERS}.LayerNormalization()(tf.zeros([8, 12]))\n",
    "text-classifier": (
        "model = tf.keras.Sequential([\n"
        f"    {LAYERS}.Embedding(5000, 32, input_shape=(40,)),\n"
        f"    {LAYERS}.Bidirectional({LAYERS}.LSTM(16, return_sequences=True)),\n"
        f"    {LAYERS}.LSTM(8),\n"
        f"    {LAYERS}.LayerNormalization(),\n"
        f"    {LAYERS}.Dense(1, activation='sigmoid'),\n"
        "])\n"
        "result = model(tf.zeros([3, 40], tf.int32))\n"
    ),
    "text-classifier-fit": (
        "model = tf.keras.Sequential([\n"
        f"    {LAYERS}.Embedding(100, 8, input_shape=(12,)),\n"
        f"    {LAYERS}.GRU(4),\n"
        f"    {LAYERS}.Dense(1, activation='sigmoid'),\n"
        "])\n"
        "model.compile('adam', 'binary_crossentropy')\n"
        "model.fit(np.zeros((16, 12)), np.zeros((16, 3)), verbose=0)\n"
        "result = 0\n"
    ),
    "rnn-flat-input": (
        f"inputs = tf.keras.Input(shape=(30,))\nresult = {LAYERS}.LSTM(4)(inputs)\n"
    ),
}

STATES = {
    f"states-{index}": f"outputs = {layer}(tf.zeros([4, 10, 3]))\nresult = outputs[{item}]\n"
    for index, (layer, item) in enumerate(
        [
            (f"{LAYERS}.LSTM(8, return_state=True)", 0),
            (f"{LAYERS}.LSTM(8, return_state=True)", 2),
            (f"{LAYERS}.LSTM(8, return_state=True, return_sequences=True)", 0),
            (f"{LAYERS}.LSTM(8, return_state=True, return_sequences=True)", -1),
            (f"{LAYERS}.GRU(6, return_state=True)", 1),
            (f"{LAYERS}.GRU(6, return_state=True, return_sequences=True)", 0),
            (f"{LAYERS}.SimpleRNN(5, return_state=True)", -1),
            (f"{LAYERS}.Bidirectional({LAYERS}.LSTM(8), merge_mode=None)", 1),
            (f"{LAYERS}.Bidirectional({LAYERS}.LSTM(8, return_state=True))", 0),
            (f"{LAYERS}.Bidirectional({LAYERS}.LSTM(8, return_state=True))", 4),
            (f"{LAYERS}.Bidirectional({LAYERS}.GRU(4, return_state=True), merge_mode='ave')", 2),
            (
                f"{LAYERS}.Bidirectional({LAYERS}.GRU(4, return_sequences=True, "
                "return_state=True), merge_mode=None)",
                1,
            ),
        ]
    )
} | {
    "states-unpacked": (
        f"x = tf.keras.Input(shape=(None, 5))\n"
        f"out, h, c = {LAYERS}.LSTM(16, return_state=True)(x)\n"
        "result = tf.keras.layers.Concatenate()([out, h, c])\n"
    ),
    "states-encoder-decoder": (
        f"encoder = {LAYERS}.LSTM(12, return_state=True)\n"
        "_, h, c = encoder(tf.zeros([2, 7, 4]))\n"
        f"decoded = {LAYERS}.LSTM(12, return_sequences=True)(tf.zeros([2, 5, 3]), initial_state=[h, c])\n"
        "result = decoded\n"
    ),
    "states-rank": f"out, h = {LAYERS}.GRU(4, return_state=True)(tf.zeros([4, 3]))\nresult = h\n",
    "states-bug": (
        f"out, h, c = {LAYERS}.LSTM(8, return_state=True)(tf.zeros([4, 10, 3]))\n"
        "result = tf.matmul(h, tf.zeros([4, 8]))\n"
    ),
}

IMPRECISE: dict[str, str] = {}

CASES = Case.cases_of(BODIES | STATES, IMPRECISE)


outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_keras(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
