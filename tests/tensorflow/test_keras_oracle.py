"""Keras layers and models against real Keras 2.12 (bundled with TensorFlow 2.12): output shapes
of ``Dense``, ``Flatten``, ``Dropout``, ``Activation``, ``Reshape``, ``Conv2D`` and
``MaxPooling2D`` (symbolic and eager), ``Sequential`` (list, ``.add``, with and without an input
shape), the functional API, and the input-spec failures Keras raises.

Keras names layers from a session-wide counter, so tensorls words an input-spec failure without
the layer's name unless ``name=`` gives it; the reported text is contained in Keras's message.
"""

from __future__ import annotations

import random

import pytest

from .generators import literal
from .oracle import TENSORFLOW, Case, check

Rng = random.Random

BODIES = {
    "input": "result = tf.keras.Input(shape=(784,))\n",
    "input-batch": "result = tf.keras.Input(shape=(28, 28), batch_size=32)\n",
    "input-none": "result = tf.keras.Input(shape=(None, 3))\n",
    "input-dtype": "result = tf.keras.Input(shape=(4,), dtype=tf.int32)\n",
    "dense-symbolic": "x = tf.keras.Input(shape=(784,))\nresult = tf.keras.layers.Dense(10)(x)\n",
    "dense-eager": "result = tf.keras.layers.Dense(10)(tf.zeros([32, 784]))\n",
    "dense-numpy": "result = tf.keras.layers.Dense(3)(np.zeros((5, 2)))\n",
    "dense-3d": "result = tf.keras.layers.Dense(10)(tf.zeros([2, 5, 784]))\n",
    "dense-rank": "result = tf.keras.layers.Dense(10)(tf.zeros([784]))\n",
    "dense-rank-named": "result = tf.keras.layers.Dense(10, name='out')(tf.zeros([784]))\n",
    "flatten": "result = tf.keras.layers.Flatten()(tf.zeros([4, 7, 3]))\n",
    "flatten-1d": "result = tf.keras.layers.Flatten()(tf.zeros([4]))\n",
    "flatten-none": (
        "x = tf.keras.Input(shape=(None, 3))\nresult = tf.keras.layers.Flatten()(x)\n"
    ),
    "flatten-scalar": "result = tf.keras.layers.Flatten()(tf.zeros([]))\n",
    "dropout": "result = tf.keras.layers.Dropout(0.5)(tf.zeros([2, 3]))\n",
    "activation": "result = tf.keras.layers.Activation('relu')(tf.zeros([2, 3]))\n",
    "reshape": "x = tf.keras.Input(shape=(10,))\nresult = tf.keras.layers.Reshape((2, 5))(x)\n",
    "reshape-inferred": (
        "x = tf.keras.Input(shape=(12,))\nresult = tf.keras.layers.Reshape((-1, 4))(x)\n"
    ),
    "reshape-bad": "x = tf.keras.Input(shape=(10,))\nresult = tf.keras.layers.Reshape((3, 5))(x)\n",
    "reshape-bad-eager": "result = tf.keras.layers.Reshape((4, 4))(tf.zeros([2, 3, 5]))\n",
    "conv-rank": "result = tf.keras.layers.Conv2D(32, 3)(tf.zeros([4, 28, 28]))\n",
    "pool-rank": "result = tf.keras.layers.MaxPooling2D()(tf.zeros([4, 28, 28]))\n",
    "pool-rank-5": "result = tf.keras.layers.MaxPooling2D()(tf.zeros([1, 4, 8, 8, 1]))\n",
    "cnn-functional": (
        "inputs = tf.keras.Input(shape=(28, 28, 1))\n"
        "x = tf.keras.layers.Conv2D(32, 3, activation='relu')(inputs)\n"
        "x = tf.keras.layers.MaxPooling2D()(x)\n"
        "x = tf.keras.layers.Conv2D(64, (3, 3), padding='same', strides=2)(x)\n"
        "x = tf.keras.layers.Flatten()(x)\n"
        "x = tf.keras.layers.Dropout(0.5)(x)\n"
        "outputs = tf.keras.layers.Dense(10, activation='softmax')(x)\n"
        "model = tf.keras.Model(inputs, outputs)\n"
        "result = model(tf.zeros([4, 28, 28, 1]))\n"
    ),
    "functional-output": (
        "inputs = tf.keras.Input(shape=(16,))\n"
        "hidden = tf.keras.layers.Dense(8)(inputs)\n"
        "model = tf.keras.Model(inputs=inputs, outputs=tf.keras.layers.Dense(2)(hidden))\n"
        "result = model.output\n"
    ),
    "functional-wrong-input": (
        "inputs = tf.keras.Input(shape=(784,))\n"
        "outputs = tf.keras.layers.Dense(10)(tf.keras.layers.Dense(64)(inputs))\n"
        "model = tf.keras.Model(inputs, outputs)\n"
        "result = model(tf.zeros([32, 28]))\n"
    ),
    "functional-wrong-input-named": (
        "inputs = tf.keras.Input(shape=(28, 28))\n"
        "outputs = tf.keras.layers.Dense(10)(tf.keras.layers.Flatten()(inputs))\n"
        "model = tf.keras.Model(inputs, outputs, name='mnist')\n"
        "result = model(tf.zeros([32, 28, 27]))\n"
    ),
    "sequential-list": (
        "model = tf.keras.Sequential([\n"
        "    tf.keras.layers.Dense(64, activation='relu', input_shape=(784,)),\n"
        "    tf.keras.layers.Dense(10),\n"
        "])\n"
        "result = model(tf.zeros([32, 784]))\n"
    ),
    "sequential-wrong-input": (
        "model = tf.keras.Sequential([\n"
        "    tf.keras.layers.Dense(64, activation='relu', input_shape=(784,)),\n"
        "    tf.keras.layers.Dense(10),\n"
        "])\n"
        "result = model(tf.zeros([32, 28]))\n"
    ),
    "sequential-wrong-input-named": (
        "model = tf.keras.Sequential(\n"
        "    [tf.keras.layers.Flatten(input_shape=(28, 28)), tf.keras.layers.Dense(10)],\n"
        "    name='classifier',\n"
        ")\n"
        "result = model(tf.zeros([32, 784]))\n"
    ),
    "sequential-input-first": (
        "model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(3)])\n"
        "result = model(tf.zeros([2, 5]))\n"
    ),
    "sequential-build-failure": (
        "model = tf.keras.Sequential([\n"
        "    tf.keras.layers.Flatten(input_shape=(28, 28)),\n"
        "    tf.keras.layers.Conv2D(3, 3),\n"
        "])\n"
        "result = model\n"
    ),
    "sequential-deferred": (
        "model = tf.keras.Sequential([tf.keras.layers.Dense(10), tf.keras.layers.Dense(5)])\n"
        "result = model(tf.zeros([32, 28]))\n"
    ),
    "sequential-deferred-rank": (
        "model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Conv2D(4, 3)])\n"
        "result = model(tf.zeros([8, 6, 6, 1]))\n"
    ),
    "sequential-add": (
        "model = tf.keras.Sequential()\n"
        "model.add(tf.keras.layers.Dense(64, input_shape=(20,)))\n"
        "model.add(tf.keras.layers.Dense(3))\n"
        "result = model(tf.ones([8, 20]))\n"
    ),
    "sequential-add-wrong-input": (
        "model = tf.keras.Sequential()\n"
        "model.add(tf.keras.Input(shape=(20,)))\n"
        "model.add(tf.keras.layers.Dense(3))\n"
        "result = model(tf.ones([8, 21]))\n"
    ),
    "sequential-add-loop": (
        "model = tf.keras.Sequential()\n"
        "for units in [64, 32, 16]:\n"
        "    model.add(tf.keras.layers.Dense(units))\n"
        "result = model(tf.ones([8, 20]))\n"
    ),
    "sequential-add-after-list": (
        "model = tf.keras.Sequential([tf.keras.layers.Dense(8, input_shape=(4,))])\n"
        "model.add(tf.keras.layers.Dense(2))\n"
        "result = model(tf.ones([3, 4]))\n"
    ),
    "sequential-pop": (
        "model = tf.keras.Sequential([tf.keras.layers.Dense(8, input_shape=(4,))])\n"
        "model.add(tf.keras.layers.Dense(2))\n"
        "model.pop()\n"
        "result = model(tf.ones([3, 4]))\n"
    ),
    "sequential-escapes": (
        "model = tf.keras.Sequential([tf.keras.layers.Dense(8, input_shape=(4,))])\n"
        "def extend(target):\n"
        "    target.add(tf.keras.layers.Dense(2))\n"
        "extend(model)\n"
        "result = model(tf.ones([3, 4]))\n"
    ),
    "sequential-symbolic": (
        "model = tf.keras.Sequential([tf.keras.layers.Dense(8), tf.keras.layers.Dense(2)])\n"
        "result = model(tf.keras.Input(shape=(5,)))\n"
    ),
}


def convolution(rng: Rng, abstract: Rng | None) -> str:
    size = (rng.randint(1, 12), rng.randint(1, 12))
    channels = rng.randint(1, 3)
    layer = rng.choice(("conv", "conv", "pool"))
    padding = rng.choice(("valid", "same"))
    kernel = rng.choice((1, 2, 3, 5, (rng.randint(1, 4), rng.randint(1, 4))))
    strides = rng.choice((1, 2, 3, (rng.randint(1, 3), rng.randint(1, 3))))
    window = kernel if isinstance(kernel, tuple) else (kernel, kernel)
    if padding == "valid":
        size = tuple(max(side, edge) for side, edge in zip(size, window, strict=True))
    source = literal((rng.randint(1, 3), *size, channels), abstract)
    if layer == "pool":
        if padding == "valid":
            size = tuple(max(side, edge, 2) for side, edge in zip(size, window, strict=True))
            source = literal((rng.randint(1, 3), *size, channels), abstract)
        pool = rng.choice(("", f"pool_size={kernel!r}, "))
        stride_text = rng.choice(("", f"strides={strides!r}, "))
        built = f"tf.keras.layers.MaxPooling2D({pool}{stride_text}padding='{padding}')"
    else:
        built = (
            f"tf.keras.layers.Conv2D({rng.randint(1, 8)}, {kernel!r}, strides={strides!r}, "
            f"padding='{padding}')"
        )
    if rng.random() < 0.5 and abstract is None:
        return f"x = tf.keras.Input(shape={(*size, channels)!r})\nresult = {built}(x)\n"
    return f"result = {built}(tf.zeros({source}))\n"


def _generated(count: int) -> list[Case]:
    rng = Rng("convolution-concrete")
    cases = [Case(f"convolution-{index}", convolution(rng, None)) for index in range(count)]
    abstract = Rng("convolution-abstract")
    cases += [
        Case(f"convolution-abstract-{index}", convolution(abstract, abstract), True)
        for index in range(count // 2)
    ]
    return cases


IMPRECISE = {
    "functional-squeezable": (
        "inputs = tf.keras.Input(shape=(4, 1))\n"
        "model = tf.keras.Model(inputs, tf.keras.layers.Flatten()(inputs))\n"
        "result = model(tf.zeros([32, 4]))\n"
    ),
    # Keras squeezes a trailing size 1 when the ranks differ: tensorls gives an unknown shape.
    "sequential-squeezable": (
        "model = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(4,))])\n"
        "result = model(tf.zeros([2, 4, 1]))\n"
    ),
}

UNMODELLED = {
    # An output size <= 0 fails in words that depend on the mode and name the layer
    # (BiasAdd's or Keras's "One of the dimensions in the output is <= 0 ..."): not reported.
    "conv-too-small-eager": "result = tf.keras.layers.Conv2D(6, 4)(tf.zeros([1, 3, 5, 2]))\n",
    "conv-too-small-symbolic": (
        "x = tf.keras.Input(shape=(2, 5, 1))\nresult = tf.keras.layers.Conv2D(3, 5)(x)\n"
    ),
    "pool-too-small": "x = tf.keras.Input(shape=(1, 10, 3))\nresult = tf.keras.layers.MaxPooling2D()(x)\n",
}

CASES = Case.cases_of(BODIES, IMPRECISE, UNMODELLED) + _generated(80)


outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_keras(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
