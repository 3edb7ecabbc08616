"""Sharding the training data by rank: where the rewrite shards, and the notes where it cannot."""

from __future__ import annotations

import pytest
from tensorls.analyses.facts import Severity
from tensorls.analyses.horovod import distribute

HEAD = "import numpy as np\nimport tensorflow as tf\nmodel = tf.keras.Sequential([tf.keras.layers.Dense(1)])\nmodel.compile(optimizer='sgd', loss='mse')\n"


def notes_of(source: str) -> list[str]:
    result = distribute(source)
    assert result.blocking == ()
    assert all(note.severity == Severity.INFORMATION for note in result.notes)
    return [note.message for note in result.notes]


def test_fit_arrays_are_sharded_together() -> None:
    source = HEAD + (
        "x = np.random.rand(10, 2).astype('float32')\ny = x.sum(axis=1) > 1\n"
        "w = np.ones(10)\nmodel.fit(x, y, sample_weight=w)\n"
    )
    result = distribute(source)
    assert result.notes == ()
    assert "model.fit(hvd_shard(x), hvd_shard(y), sample_weight=hvd_shard(w)," in result.new_source
    assert "def hvd_shard(data):" in result.new_source


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (
            "ds = tf.data.Dataset.from_tensor_slices((np.ones((8, 2)), np.ones(8))).filter(lambda a, b: b > 0).batch(2)\n",
            "filter could leave the ranks different numbers of steps",
        ),
        (
            "ds = tf.data.Dataset.from_generator(lambda: iter([]), output_signature=None).batch(2)\n",
            "its size is not known before it is read",
        ),
        (
            "ds = tf.data.Dataset.from_tensor_slices((np.ones((8, 2)), np.ones(8))).batch(2)\n"
            "model.evaluate(ds)\n",
            "it is also used on line 6",
        ),
        (
            "ds = tf.data.Dataset.from_tensor_slices((np.ones((8, 2)), np.ones(8))).shuffle(8).take(4).batch(2)\n",
            "its take on single elements comes after shuffling or repeating",
        ),
        (
            "def load():\n    return tf.data.Dataset.range(4)\nds = load()\n",
            "it is not a tf.data chain tensorls can follow to its source",
        ),
        (
            "ds = tf.data.Dataset.range(8).cache('data.cache').batch(2)\n",
            "the ranks would share its cache file",
        ),
    ],
    ids=[
        "filter",
        "generator",
        "evaluated too",
        "take after shuffle",
        "from a function",
        "cache file",
    ],
)
def test_unsafe_datasets_are_left_whole_with_a_note(data: str, reason: str) -> None:
    source = HEAD + data + "model.fit(ds, epochs=1)\n"
    (note,) = notes_of(source)
    assert reason in note and "every rank trains on all of it" in note
    assert "hvd_shard" not in distribute(source).new_source


def test_arrays_of_unknown_origin_are_left_whole_with_a_note() -> None:
    source = HEAD + "def train(x, y):\n    model.fit(x, y)\n"
    (note,) = notes_of(source)
    assert "tensorls cannot tell that it is an array it can split" in note


def test_a_loop_without_a_known_data_source_gets_a_note() -> None:
    source = HEAD.replace("model.compile(optimizer='sgd', loss='mse')\n", "") + (
        "opt = tf.keras.optimizers.SGD(0.1)\n"
        "for step in range(3):\n"
        "    with tf.GradientTape() as tape:\n"
        "        loss = tf.reduce_sum(model(tf.ones([1, 2])))\n"
        "    grads = tape.gradient(loss, model.trainable_variables)\n"
        "    opt.apply_gradients(zip(grads, model.trainable_variables))\n"
    )
    (note,) = notes_of(source)
    assert "found no tf.data chain or array" in note


def test_a_split_is_sharded_after_its_take_and_never_divided() -> None:
    source = HEAD + (
        "full = tf.data.Dataset.range(10).map(lambda i: (tf.cast([i], tf.float32), i))\n"
        "train = full.take(8).batch(2)\nval = full.skip(8).batch(2)\n"
        "model.fit(train, validation_data=val)\n"
    )
    result = distribute(source)
    assert result.notes == ()
    assert "train = hvd_shard(full.take(8)).batch(2)\n" in result.new_source
    assert "val = full.skip(8).batch(2)\n" in result.new_source


def test_a_pipeline_built_under_a_main_guard_is_sharded() -> None:
    source = (
        "import tensorflow as tf\nif __name__ == '__main__':\n"
        + "".join("    " + line + "\n" for line in HEAD.splitlines()[2:])
        + (
            "    ds = tf.data.Dataset.range(8)\n    ds = ds.map(lambda i: (i, i)).batch(2)\n"
            "    model.fit(ds)\n"
        )
    )
    result = distribute(source)
    assert result.notes == ()
    assert "    ds = hvd_shard(tf.data.Dataset.range(8))\n" in result.new_source


def test_deeply_nested_array_expressions_are_bounded() -> None:
    chain = "".join(f"a{i} = a{i + 1} * 2\n" for i in range(3000))
    deep = "b = " + " + ".join(["np.ones(3)"] * 300) + "\n"
    source = HEAD + chain + "a3000 = np.ones((4, 2))\n" + deep + "model.fit(a0, b)\n"
    (note,) = notes_of(source)
    assert "tensorls cannot tell that it is an array it can split" in note
