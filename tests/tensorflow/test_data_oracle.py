"""``tf.data.Dataset`` pipelines against real TensorFlow 2.12: element specs of
``from_tensor_slices`` (tensors, arrays, lists, tuples), ``from_tensors``, ``range``, ``zip``,
``batch`` (with and without ``drop_remainder``), ``padded_batch``, ``unbatch``, ``map`` over
lambdas and functions (returning tensors, tuples or dicts), dict and tuple-of-dict elements, the
shape-preserving methods, iteration, the failures of slicing, and the cardinality (as a constant,
and ``len``).
"""

from __future__ import annotations

import pytest

from .oracle import TENSORFLOW, Case, check, check_constant

SETUP = (
    "x = np.zeros((100, 784), 'float32')\n"
    "y = np.zeros((100,), 'int64')\n"
    "ds = tf.data.Dataset.from_tensor_slices((x, y))\n"
)

BODIES = {
    "slices-tuple": SETUP + "result = ds\n",
    "slices-array": "result = tf.data.Dataset.from_tensor_slices(np.zeros((5, 3)))\n",
    "slices-tensor": "result = tf.data.Dataset.from_tensor_slices(tf.ones([6, 2, 3]))\n",
    "slices-int-list": "result = tf.data.Dataset.from_tensor_slices([1, 2, 3])\n",
    "slices-float-list": "result = tf.data.Dataset.from_tensor_slices([[1.0, 2.0], [3.0, 4.0]])\n",
    "slices-list-of-arrays": (
        "x = np.zeros((100, 784), 'float32')\nresult = tf.data.Dataset.from_tensor_slices([x, x])\n"
    ),
    "slices-nested": (
        "result = tf.data.Dataset.from_tensor_slices("
        "(tf.zeros([4, 2]), (tf.zeros([4]), tf.zeros([4, 3], tf.int32))))\n"
    ),
    "slices-mismatch": SETUP + "result = tf.data.Dataset.from_tensor_slices((x, y[:50]))\n",
    "slices-mismatch-lists": "result = tf.data.Dataset.from_tensor_slices(([1, 2], [3, 4, 5]))\n",
    "slices-mismatch-third": (
        "result = tf.data.Dataset.from_tensor_slices("
        "(tf.zeros([4, 2]), tf.zeros([4]), tf.zeros([3])))\n"
    ),
    "slices-scalar": "result = tf.data.Dataset.from_tensor_slices(tf.constant(1.0))\n",
    "slices-scalar-in-tuple": (
        "result = tf.data.Dataset.from_tensor_slices((tf.zeros([3]), 2.0))\n"
    ),
    "from-tensors": "result = tf.data.Dataset.from_tensors(tf.zeros([100, 784]))\n",
    "from-tensors-tuple": (
        "result = tf.data.Dataset.from_tensors((tf.zeros([2, 3]), tf.zeros([5], tf.int64)))\n"
    ),
    "range": "result = tf.data.Dataset.range(10)\n",
    "batch": SETUP + "result = ds.batch(32)\n",
    "batch-drop": SETUP + "result = ds.batch(32, drop_remainder=True)\n",
    "batch-drop-positional": SETUP + "result = ds.batch(16, True)\n",
    "batch-twice": SETUP + "result = ds.batch(4).batch(2)\n",
    "padded-batch": SETUP + "result = ds.padded_batch(4)\n",
    "unbatch": SETUP + "result = ds.batch(4).unbatch()\n",
    "preserving": (
        SETUP + "result = ds.shuffle(10).repeat().prefetch(2).cache().take(3).skip(1).shard(2, 0)\n"
    ),
    "autotune": SETUP + "result = ds.batch(8).prefetch(tf.data.AUTOTUNE)\n",
    "experimental-autotune": SETUP + "result = ds.prefetch(tf.data.experimental.AUTOTUNE)\n",
    "zip": SETUP + "result = tf.data.Dataset.zip((ds, ds.batch(2)))\n",
    "map-lambda": SETUP + "result = ds.map(lambda a, b: (tf.reshape(a, [28, 28]), b))\n",
    "map-function": (
        SETUP + "def scale(image, label):\n"
        "    return tf.cast(image, tf.float64) / 255.0, tf.one_hot(label, 10)\n"
        "result = ds.map(scale).batch(10, drop_remainder=True)\n"
    ),
    "map-single": (
        "result = tf.data.Dataset.from_tensor_slices(tf.zeros([8, 6]))"
        ".map(lambda t: tf.reshape(t, [2, 3]))\n"
    ),
    # A tuple element is passed as separate arguments: the interpreter's own arity check.
    "map-arity": SETUP + "result = ds.map(lambda a: a)\n",
    "map-missing-argument": (SETUP + "def first(a, b, c):\n    return a\nresult = ds.map(first)\n"),
    "map-after-batch": SETUP + "result = ds.batch(5).map(lambda a, b: (a * 2.0, b))\n",
    "spec": SETUP + "result = ds.batch(32).element_spec\n",
    "spec-part": SETUP + "result = ds.batch(32).element_spec[0]\n",
    "spec-shape": SETUP + "result = ds.batch(32, drop_remainder=True).element_spec[1].shape\n",
    "iterate-drop": (
        SETUP + "for images, labels in ds.batch(32, drop_remainder=True):\n"
        "    pass\n"
        "result = images\n"
    ),
    "iterate-labels": (
        SETUP + "for images, labels in ds.batch(20, drop_remainder=True):\n"
        "    pass\n"
        "result = labels\n"
    ),
    "iterate-one-partial-batch": (
        SETUP + "for images, labels in ds.batch(128):\n    pass\nresult = images\n"
    ),
    "iterate-dividing-batch": (
        SETUP
        + "for images, labels in ds.shuffle(10).batch(25).take(2):\n    pass\nresult = labels\n"
    ),
    "iterate-unbatched": SETUP + "for images, labels in ds.take(2):\n    pass\nresult = images\n",
    "iterate-model": (
        SETUP + "model = tf.keras.Sequential([tf.keras.layers.Dense(10, input_shape=(784,))])\n"
        "for images, labels in ds.batch(25, drop_remainder=True).take(1):\n"
        "    logits = model(images)\n"
        "result = logits\n"
    ),
    "iterate-bug": (
        SETUP + "for images, labels in ds.batch(25, drop_remainder=True).take(1):\n"
        "    flat = tf.reshape(images, [25, 28, 27])\n"
        "result = flat\n"
    ),
}

DICTS = "features = {'image': np.zeros((10, 3), 'float32'), 'id': np.arange(10)}\n"
STRUCTURES = {
    # Batches of 5 of 10 elements: both have 5 (a known count divided exactly).
    "dict-iterate": (
        DICTS + "for item in tf.data.Dataset.from_tensor_slices(features).batch(5):\n"
        "    image = item['image']\n"
        "result = image\n"
    ),
    "dict-slices": DICTS + "result = tf.data.Dataset.from_tensor_slices(features)\n",
    "dict-slices-batched": (
        DICTS + "result = tf.data.Dataset.from_tensor_slices((features, np.zeros(10))).batch(4)\n"
    ),
    "dict-slices-mismatch": (
        "result = tf.data.Dataset.from_tensor_slices({'a': np.zeros((10, 3)), 'b': np.zeros(9)})\n"
    ),
    "dict-spec-key": (
        DICTS + "result = tf.data.Dataset.from_tensor_slices(features).element_spec['image']\n"
    ),
    "dict-map": (
        DICTS + "ds = tf.data.Dataset.from_tensor_slices(features)\n"
        "result = ds.map(lambda item: (item['image'] * 2, item['id']))\n"
    ),
    "map-to-dict": (
        "ds = tf.data.Dataset.from_tensor_slices(np.zeros((10, 3)))\n"
        "result = ds.map(lambda x: {'x': x, 'first': x[0]})\n"
    ),
    "map-tuple-to-dict": (
        SETUP + "def named(image, label):\n"
        "    return {'pixels': tf.reshape(image, [28, 28]), 'label': label}\n"
        "result = ds.map(named).batch(8)\n"
    ),
    "map-to-tuple-of-dict": (
        SETUP + "result = ds.map(lambda a, b: ({'a': a}, b)).batch(2, drop_remainder=True)\n"
    ),
    "zip-dict": (
        "result = tf.data.Dataset.zip({'a': tf.data.Dataset.range(5), "
        "'b': tf.data.Dataset.range(3)})\n"
    ),
    "zip-tuple": (
        SETUP + "result = tf.data.Dataset.zip((ds, tf.data.Dataset.range(4))).batch(2)\n"
    ),
    "unbatch": SETUP + "result = ds.batch(10).unbatch()\n",
    "padded-fixed": (
        "result = tf.data.Dataset.from_tensor_slices(np.zeros((10, 3))).padded_batch(4, "
        "padded_shapes=[5])\n"
    ),
    "padded-none": (
        "result = tf.data.Dataset.from_tensor_slices(np.zeros((10, 3))).padded_batch(4, "
        "padded_shapes=[None])\n"
    ),
    "padded-tuple": (
        "result = tf.data.Dataset.from_tensor_slices(np.zeros((10, 3))).padded_batch(4, "
        "padded_shapes=(6,), drop_remainder=True)\n"
    ),
    "cardinality-tensor": SETUP + "result = ds.batch(32).cardinality()\n",
    "len": SETUP + "result = tf.constant(len(ds.batch(32, drop_remainder=True)))\n",
    "len-infinite": SETUP + "result = len(ds.repeat())\n",
    "len-unknown": SETUP + "result = len(ds.filter(lambda a, b: b > 0))\n",
    # Iterating an infinite dataset never asks its len() (issue 25's sweep: aymericdamien/
    # TensorFlow-Examples@6dcbe146, tensorflow_v2/notebooks/5_DataManagement/load_data.ipynb
    # takes batches with next(iter(data)) from a repeat()ed pipeline).
    "iterate-infinite-next": SETUP + "batches = iter(ds.repeat())\nresult = next(batches)[0]\n",
    "iterate-infinite-loop": (
        SETUP + "for features, labels in ds.repeat():\n    break\nresult = features\n"
    ),
}
PIPELINES = (
    "batch(32)",
    "batch(32, drop_remainder=True)",
    "shuffle(100).batch(7)",
    "repeat(3).batch(64)",
    "repeat()",
    "take(10).repeat(2)",
    "skip(90).batch(3)",
    "skip(200)",
    "take(-1)",
    "shard(3, 1)",
    "shard(4, 3).batch(5)",
    "filter(lambda a, b: b > 0)",
    "batch(10).unbatch()",
    "map(lambda a, b: a).prefetch(2).cache()",
    "repeat().take(5)",
)
COUNTS = {
    f"count-{index}": SETUP + f"result = int(ds.{pipeline}.cardinality().numpy())\n"
    for index, pipeline in enumerate(PIPELINES)
} | {
    "count-range": "result = int(tf.data.Dataset.range(3, 20, 4).cardinality().numpy())\n",
    "count-zip": (
        SETUP
        + "result = int(tf.data.Dataset.zip((ds.take(7), ds.repeat())).cardinality().numpy())\n"
    ),
    "count-from-tensors": "result = int(tf.data.Dataset.from_tensors(tf.zeros([3])).cardinality().numpy())\n",
}

IMPRECISE = {
    # The last batch of 100 elements in batches of 32 has 4: tensorls knows the size only as
    # unknown.
    "iterate-remainder": (
        SETUP + "for images, labels in ds.batch(32):\n    pass\nresult = images\n"
    ),
    "slices-size": "result = tf.data.Dataset.from_tensor_slices(tf.zeros([size(5), 3]))\n",
}

UNMODELLED = {
    # Failures inside a traced map function are worded by graph mode: never reported.
    "map-graph-failure": SETUP + "result = ds.map(lambda a, b: tf.reshape(a, [28, 27]))\n",
}

CASES = Case.cases_of({**BODIES, **STRUCTURES, **COUNTS}, IMPRECISE, UNMODELLED)


outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_tensorflow(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
    if case.id.startswith("count-"):
        check_constant(case, outcomes[case.id])
