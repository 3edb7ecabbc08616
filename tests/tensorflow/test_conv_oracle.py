"""``Conv1D``/``Conv2D``/``Conv3D`` (strides, padding including ``causal``, dilation) and the window
and global pooling layers (1D, 2D and 3D, max and average) against real Keras 2.12: output shapes, symbolic and
eager, and the input-rank failures Keras raises (worded without the session-numbered layer name
unless ``name=`` gives it)."""

from __future__ import annotations

import pytest

from .oracle import TENSORFLOW, Case, check

LAYERS = "tf.keras.layers"

BODIES = {
    "conv1d": f"result = {LAYERS}.Conv1D(8, 3)(tf.zeros([2, 20, 4]))\n",
    "conv1d-symbolic": f"x = tf.keras.Input(shape=(50, 6))\nresult = {LAYERS}.Conv1D(16, 5, strides=2)(x)\n",
    "conv1d-same": f"result = {LAYERS}.Conv1D(4, 3, strides=3, padding='same')(tf.zeros([1, 10, 2]))\n",
    "conv1d-causal": f"result = {LAYERS}.Conv1D(4, 3, padding='causal', dilation_rate=2)(tf.zeros([2, 9, 1]))\n",
    "conv1d-dilation": f"result = {LAYERS}.Conv1D(3, 3, dilation_rate=4)(tf.zeros([2, 30, 5]))\n",
    "conv1d-rank": f"result = {LAYERS}.Conv1D(3, 3)(tf.zeros([30, 5]))\n",
    "conv1d-rank-named": f"result = {LAYERS}.Conv1D(3, 3, name='c')(tf.zeros([30, 5]))\n",
    "conv1d-batched": f"result = {LAYERS}.Conv1D(3, 2)(tf.zeros([2, 4, 9, 5]))\n",
    "conv2d-dilation": (
        f"result = {LAYERS}.Conv2D(6, (3, 2), dilation_rate=(2, 3))(tf.zeros([1, 16, 16, 3]))\n"
    ),
    "conv2d-dilation-same": (
        f"x = tf.keras.Input(shape=(15, 15, 3))\n"
        f"result = {LAYERS}.Conv2D(6, 3, padding='same', dilation_rate=2)(x)\n"
    ),
    "maxpool1d": f"result = {LAYERS}.MaxPooling1D()(tf.zeros([2, 11, 3]))\n",
    "maxpool1d-strides": f"result = {LAYERS}.MaxPool1D(3, strides=1, padding='same')(tf.zeros([2, 11, 3]))\n",
    "avgpool1d": f"result = {LAYERS}.AveragePooling1D(4)(tf.zeros([2, 17, 3]))\n",
    "avgpool2d": f"result = {LAYERS}.AveragePooling2D((2, 3))(tf.zeros([1, 8, 9, 4]))\n",
    "avgpool2d-symbolic": (
        f"x = tf.keras.Input(shape=(32, 32, 3))\nresult = {LAYERS}.AvgPool2D(padding='same', strides=3)(x)\n"
    ),
    "pool1d-rank": f"result = {LAYERS}.MaxPooling1D()(tf.zeros([2, 11, 3, 1]))\n",
    "global-avg2d": f"result = {LAYERS}.GlobalAveragePooling2D()(tf.zeros([4, 7, 7, 32]))\n",
    "global-max1d": f"result = {LAYERS}.GlobalMaxPooling1D()(tf.zeros([4, 12, 8]))\n",
    "global-max2d-symbolic": (
        f"x = tf.keras.Input(shape=(None, None, 16))\nresult = {LAYERS}.GlobalMaxPool2D()(x)\n"
    ),
    "global-avg1d-rank": f"result = {LAYERS}.GlobalAveragePooling1D()(tf.zeros([4, 8]))\n",
    "global-avg2d-rank-named": (
        f"result = {LAYERS}.GlobalAveragePooling2D(name='gap')(tf.zeros([4, 8, 3]))\n"
    ),
    "cnn1d-sequential": (
        "model = tf.keras.Sequential([\n"
        f"    {LAYERS}.Conv1D(32, 5, activation='relu', input_shape=(100, 8)),\n"
        f"    {LAYERS}.MaxPooling1D(2),\n"
        f"    {LAYERS}.Conv1D(64, 3, dilation_rate=2, padding='causal'),\n"
        f"    {LAYERS}.GlobalAveragePooling1D(),\n"
        f"    {LAYERS}.Dense(5),\n"
        "])\n"
        "result = model(tf.zeros([3, 100, 8]))\n"
    ),
    "cnn1d-sequential-features": (
        "model = tf.keras.Sequential([\n"
        f"    {LAYERS}.Conv1D(32, 5, input_shape=(100, 8)),\n"
        f"    {LAYERS}.GlobalMaxPooling1D(),\n"
        "])\n"
        "result = model(tf.zeros([3, 100, 6]))\n"
    ),
}

VOLUMES = (
    {
        f"conv3d-{index}": f"result = {LAYERS}.Conv3D({arguments})(tf.zeros({shape}))\n"
        for index, (arguments, shape) in enumerate(
            [
                ("4, 3", [2, 8, 8, 8, 3]),
                ("4, 3, strides=2, padding='same'", [2, 9, 8, 8, 3]),
                ("2, (3, 1, 2), strides=(1, 2, 3)", [1, 7, 9, 11, 2]),
                ("5, 3, dilation_rate=2", [1, 10, 10, 10, 1]),
                ("4, 3", [2, 8, 8, 3]),
                ("4, 3, name='volume'", [8, 8, 3]),
            ]
        )
    }
    | {
        f"pool3d-{index}": f"result = {LAYERS}.{layer}(tf.zeros({shape}))\n"
        for index, (layer, shape) in enumerate(
            [
                ("MaxPooling3D()", [2, 8, 8, 8, 3]),
                ("AveragePooling3D(3, strides=2, padding='same')", [2, 8, 7, 8, 3]),
                ("MaxPool3D((1, 2, 3))", [1, 5, 6, 7, 2]),
                ("AvgPool3D()", [2, 8, 8, 3]),
                ("GlobalAveragePooling3D()", [2, 8, 7, 8, 3]),
                ("GlobalMaxPool3D()", [2, 4, 4, 4, 6]),
                ("GlobalMaxPooling3D(name='gmp')", [2, 4, 4, 6]),
            ]
        )
    }
    | {
        "cnn3d-sequential": (
            "model = tf.keras.Sequential([\n"
            f"    {LAYERS}.Conv3D(8, 3, activation='relu', input_shape=(16, 16, 16, 1)),\n"
            f"    {LAYERS}.MaxPooling3D(2),\n"
            f"    {LAYERS}.Conv3D(16, 3, padding='same'),\n"
            f"    {LAYERS}.GlobalAveragePooling3D(),\n"
            f"    {LAYERS}.Dense(2),\n"
            "])\n"
            "result = model(tf.zeros([2, 16, 16, 16, 1]))\n"
        ),
        "cnn3d-symbolic": (
            "x = tf.keras.Input(shape=(None, 32, 32, 3))\n"
            f"result = {LAYERS}.Conv3D(4, (1, 3, 3), strides=(1, 2, 2))(x)\n"
        ),
    }
)

IMPRECISE = {
    # ``keepdims=True`` keeps the pooled axes as size 1: not modelled (the output is unknown).
    "conv1d-keepdims": f"result = {LAYERS}.GlobalAveragePooling1D(keepdims=True)(tf.zeros([4, 12, 8]))\n",
}

CASES = Case.cases_of(BODIES | VOLUMES, IMPRECISE)


outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_keras(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
