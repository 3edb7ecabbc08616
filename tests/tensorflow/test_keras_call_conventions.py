"""Keras 2.12's ``Layer.__call__`` conventions for user layers and models, and TensorFlow's NumPy
behaviour, against real TensorFlow 2.12 (issue 25, classes 1 and 4).

Each program is our own, written in the idiom of the public code named above it. The clean
programs run under TensorFlow and tensorls reports nothing on them; each bug twin fails under
TensorFlow on the line where tensorls reports it (see ``oracle.check``).

``experimental_enable_numpy_behavior`` changes the whole TensorFlow process, so its programs run
in a subprocess of their own, after the others (whose twins show the failures it removes).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tensorls.analyses import Severity, analyse

from ..framework_oracle import Outcomes
from .oracle import TENSORFLOW, Case, check

# (a) A mask Keras passes implicitly. Idioms: jbk708/aam aam/models/attention_pooling.py
# (``call(self, inputs, mask=None)`` with ``if mask is not None:``), datawhalechina/fun-rec
# codes/funrec/layers/utils.py (a layer with its own ``compute_mask``), boat-group/fancy-nlp
# fancy_nlp/layers/other.py (``supports_masking`` and ``call(self, x, mask=None)``).
MASKED_MEAN = """
class MaskedMean(tf.keras.layers.Layer):
    def call(self, inputs, mask=None):
        if mask is not None:
            weights = tf.cast(mask, inputs.dtype)[:, :, None]
        return tf.reduce_sum(inputs * weights, axis=1)
"""

MASK = {
    "mask-from-embedding": MASKED_MEAN
    + """
embed = tf.keras.layers.Embedding(100, 8, mask_zero=True)
tokens = tf.constant([[3, 5, 0], [7, 0, 0]])
result = MaskedMean()(embed(tokens))
""",
    "mask-from-compute-mask": MASKED_MEAN
    + """
class NonZero(tf.keras.layers.Layer):
    def compute_mask(self, inputs, mask=None):
        return tf.reduce_any(tf.not_equal(inputs, 0.0), axis=-1)

    def call(self, inputs):
        return inputs


frames = tf.constant([[[1.0, 2.0], [0.0, 0.0]], [[3.0, 1.0], [2.0, 2.0]]])
result = MaskedMean()(NonZero()(frames))
""",
    "mask-in-functional-model": MASKED_MEAN
    + """
tokens = tf.keras.Input(shape=(5,), dtype="int32")
pooled = MaskedMean()(tf.keras.layers.Embedding(50, 4, mask_zero=True)(tokens))
model = tf.keras.Model(tokens, tf.keras.layers.Dense(3)(pooled))
result = model(tf.constant([[1, 2, 0, 0, 0]]))
""",
    "mask-with-kwargs": """
class NoMask(tf.keras.layers.Layer):
    def call(self, x, **kwargs):
        if "mask" in kwargs:
            kept = x
        return kept

    def compute_mask(self, inputs, mask=None):
        return None


embed = tf.keras.layers.Embedding(20, 4, mask_zero=True)
result = NoMask()(embed(tf.constant([[1, 0]])))
""",
}
MASK_BUGS = {
    # The mask given explicitly as None is kept: the name bound under ``mask is not None`` is
    # unbound on the return line.
    "mask-given-none": MASKED_MEAN
    + """
embed = tf.keras.layers.Embedding(100, 8, mask_zero=True)
result = MaskedMean()(embed(tf.constant([[3, 5, 0]])), mask=None)
""",
    # Keras passes ``mask=`` on to a ``call`` that takes no mask.
    "mask-keyword-rejected": """
class Head(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(2)

    def call(self, x):
        return self.dense(x)


result = Head()(tf.zeros([2, 3]), mask=tf.ones([2], tf.bool))
""",
}
MASK_UNMODELLED = {
    # A required ``mask`` is filled only when an input carries a mask: here none does, and Keras
    # raises; tensorls does not track masks and stays silent.
    "mask-required-without-mask": """
class Gate(tf.keras.layers.Layer):
    def call(self, inputs, mask):
        return inputs


result = Gate()(tf.zeros([2, 3]))
""",
}

# (b) ``training`` filled in by Keras. Idioms: keras-team/keras-io
# examples/nlp/text_classification_with_transformer.py at 8bda227c (``call(self, inputs,
# training)`` called as ``transformer_block(x)``), dilcode011/Transformers-from-Scratch
# 02_Architectures/Vanilla_Transformer/EncoderBlock(Tensorflow).py (``call(self, x, training,
# mask)``), yonglin-wang/spacecraft-crash-predictor src/modeling/mlp.py (``call(self, inputs,
# training=False, **kwargs)``).
TRANSFORMER_BLOCK = """
class TransformerBlock(tf.keras.layers.Layer):
    def __init__(self, width, heads, hidden, rate=0.1):
        super().__init__()
        self.attention = tf.keras.layers.MultiHeadAttention(num_heads=heads, key_dim=width)
        self.feed_forward = tf.keras.Sequential(
            [tf.keras.layers.Dense(hidden, activation="relu"), tf.keras.layers.Dense(width)]
        )
        self.norm1 = tf.keras.layers.LayerNormalization(epsilon=1e-6)
        self.norm2 = tf.keras.layers.LayerNormalization(epsilon=1e-6)
        self.drop1 = tf.keras.layers.Dropout(rate)
        self.drop2 = tf.keras.layers.Dropout(rate)

    def call(self, inputs, training):
        attended = self.drop1(self.attention(inputs, inputs), training=training)
        out1 = self.norm1(inputs + attended)
        return self.norm2(out1 + self.drop2(self.feed_forward(out1), training=training))
"""

TRAINING = {
    "training-filled-eager": TRANSFORMER_BLOCK
    + """
block = TransformerBlock(8, 2, 16)
result = block(tf.random.normal([2, 5, 8]))
""",
    "training-filled-functional": TRANSFORMER_BLOCK
    + """
inputs = tf.keras.Input(shape=(5, 8))
pooled = tf.keras.layers.GlobalAveragePooling1D()(TransformerBlock(8, 2, 16)(inputs))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(2)(pooled))
result = model(tf.zeros([3, 5, 8]))
""",
    "training-positional-encoder": """
class EncoderLayer(tf.keras.layers.Layer):
    def __init__(self, width, rate=0.1):
        super().__init__()
        self.dense = tf.keras.layers.Dense(width)
        self.drop = tf.keras.layers.Dropout(rate)

    def call(self, x, training, mask):
        return self.drop(self.dense(x), training=training)


class Encoder(tf.keras.Model):
    def __init__(self, depth, width):
        super().__init__()
        self.blocks = [EncoderLayer(width) for _ in range(depth)]

    def call(self, x, training, mask=None):
        for block in self.blocks:
            x = block(x, training, mask)
        return x


result = Encoder(2, 6)(tf.ones([4, 6]))
""",
    "training-kwargs-model": """
class MyModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense1 = tf.keras.layers.Dense(4, activation="relu")
        self.dense2 = tf.keras.layers.Dense(5, activation="softmax")
        self.dropout = tf.keras.layers.Dropout(0.5)

    def call(self, inputs, training=False, **kwargs):
        x = self.dense1(inputs)
        if training:
            x = self.dropout(x, training=training)
        return self.dense2(x)


result = MyModel()(tf.ones([3, 7]))
""",
    "training-into-kwargs": """
class Probe(tf.keras.layers.Layer):
    def call(self, inputs, **kwargs):
        return kwargs["training"]


result = Probe()(tf.zeros([2, 3]))
""",
}
TRAINING_BUGS = {
    # A filled-in ``training`` does not hide a shape error inside ``call``.
    "training-filled-shape-bug": TRANSFORMER_BLOCK.replace(
        "out1 = self.norm1(inputs + attended)", "out1 = self.norm1(inputs + attended[:, :2])"
    )
    + """
result = TransformerBlock(8, 2, 16)(tf.random.normal([2, 5, 8]))
""",
    # Positional arguments beyond ``call``'s are passed on: Python's TypeError.
    "training-too-many-positional": TRANSFORMER_BLOCK
    + """
result = TransformerBlock(8, 2, 16)(tf.zeros([2, 5, 8]), False, 3)
""",
}

# (c) ``training=`` dropped when ``call`` does not take it. Idioms: tensorflow/docs
# site/en/tutorials/quickstart/advanced.ipynb at 023b91c8 (``call(self, x)`` and
# ``model(images, training=True)``), richerram/Keras TF_pipeline.py (``call(self, inputs)``),
# the keras-io TransformerBlock above called with ``training=training`` from a model.
QUICKSTART_MODEL = """
class MyModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.conv1 = tf.keras.layers.Conv2D(4, 3, activation="relu")
        self.flatten = tf.keras.layers.Flatten()
        self.d1 = tf.keras.layers.Dense(16, activation="relu")
        self.d2 = tf.keras.layers.Dense(10)

    def call(self, x):
        x = self.conv1(x)
        x = self.flatten(x)
        x = self.d1(x)
        return self.d2(x)
"""

DROPPED = {
    "training-dropped-model": QUICKSTART_MODEL
    + """
model = MyModel()
images = tf.zeros([2, 8, 8, 1])
with tf.GradientTape() as tape:
    predictions = model(images, training=True)
    loss = tf.reduce_mean(predictions)
result = model(images, training=False)
""",
    "training-dropped-inner-layer": """
class Residual(tf.keras.layers.Layer):
    def __init__(self, width):
        super().__init__()
        self.inner = tf.keras.layers.Dense(width)

    def call(self, x):
        return x + self.inner(x)


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.block = Residual(6)

    def call(self, x, training=None):
        return self.block(x, training=training)


result = Net()(tf.ones([2, 6]), training=True)
""",
    "first-argument-by-name": """
class Scale(tf.keras.layers.Layer):
    def call(self, inputs, training=None):
        return inputs * 2.0


result = Scale()(inputs=tf.ones([3]))
""",
}
DROPPED_BUGS = {
    "training-dropped-positional-rejected": QUICKSTART_MODEL
    + """
result = MyModel()(tf.zeros([2, 8, 8, 1]), True)
""",
    "unknown-keyword-rejected": QUICKSTART_MODEL
    + """
result = MyModel()(tf.zeros([2, 8, 8, 1]), dropout=0.5)
""",
    "first-argument-missing": """
class Scale(tf.keras.layers.Layer):
    def call(self, inputs):
        return inputs * 2.0


result = Scale()()
""",
    # Without NumPy behaviour, mixed dtypes in an operator fail (the twin of the programs below).
    "numpy-behavior-off": """
positions = tf.constant([[0], [1], [2], [3]])
result = positions * tf.constant([[0.5, 0.25]])
""",
}

# The first argument converted to a tensor and cast to the layer's compute dtype. Idioms:
# tensorflow/docs site/en/tutorials/quickstart/beginner.ipynb (a model called on a NumPy batch,
# ``model(x_train[:1])``), keras-team/keras-io examples/keras_recipes/tensorflow_numpy_models.py
# (a layer whose ``call`` multiplies its inputs by its own float32 weights).
PROJECTION = """
class Projection(tf.keras.layers.Layer):
    def __init__(self, units):
        super().__init__()
        self.w = tf.Variable(tf.random.normal([3, units]))

    def call(self, inputs):
        width = inputs.shape.as_list()[-1]
        return tf.matmul(inputs, self.w) + float(width)
"""

CONVERTED = {
    "numpy-input-converted": PROJECTION
    + """
features = np.random.rand(4, 3)
result = Projection(2)(features)
""",
    "float64-input-autocast": """
class Shift(tf.keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.bias = tf.Variable(tf.zeros([3]))

    def call(self, x):
        return x + self.bias


result = Shift()(tf.constant([[1.0, 2.0, 3.0]], tf.float64))
""",
}
CONVERTED_BUGS = {
    "numpy-input-shape-bug": PROJECTION
    + """
result = Projection(2)(np.random.rand(4, 5))
""",
}

# Results that depend on a mask tensorls does not track, or on a layer's dtype policy, are
# unknown to it: only the absence of failure is checked.
IMPRECISE = {
    "mask-from-embedding",
    "mask-from-compute-mask",
    "mask-in-functional-model",
    "numpy-input-converted",
    "float64-input-autocast",
}

KERAS_CASES = [
    Case(name, body, abstract=name in IMPRECISE)
    for name, body in {
        **MASK,
        **MASK_BUGS,
        **TRAINING,
        **TRAINING_BUGS,
        **DROPPED,
        **CONVERTED,
        **CONVERTED_BUGS,
    }.items()
] + Case.cases_of(DROPPED_BUGS, unmodelled=MASK_UNMODELLED)

# Class 4. Idioms: keras-team/keras-io examples/keras_recipes/tensorflow_numpy_models.py
# (``import tensorflow.experimental.numpy as tnp``, ``tnp.experimental_enable_numpy_behavior()``,
# layers mixing Python numbers and tensors), shmouses/EELSpecNet (enabled at the top of a
# training script), the TensorFlow guide site/en/guide/tf_numpy.ipynb of tensorflow/docs (the
# call as ``tf.experimental.numpy.experimental_enable_numpy_behavior()``). They run in this order
# in one process: once enabled, NumPy behaviour stays on.
NUMPY = {
    "numpy-positional-encoding": """
tf.experimental.numpy.experimental_enable_numpy_behavior()
positions = tf.constant([[0], [1], [2], [3]])
rates = tf.constant([[1.0, 0.1, 0.01]])
angles = positions * rates
result = tf.concat([tf.sin(angles), tf.cos(angles)], axis=-1) * 0.5
""",
    "numpy-tnp-alias": """
import tensorflow.experimental.numpy as tnp

tnp.experimental_enable_numpy_behavior()
counts = tf.constant([1, 2, 3])
result = counts * 0.5 + tf.constant([1, 1, 1], tf.int64) / 2
""",
    "numpy-in-keras-layer": """
class Shift(tf.keras.layers.Layer):
    def call(self, inputs):
        offsets = tf.constant([0, 1, 2])
        return inputs + offsets


tf.experimental.numpy.experimental_enable_numpy_behavior()
result = Shift()(tf.ones([2, 3]))
""",
    "numpy-enabled-on-one-path": """
def setup(numpy_style):
    if numpy_style:
        tf.experimental.numpy.experimental_enable_numpy_behavior()


setup(size(1) == 1)
result = tf.constant([1, 2]) + tf.constant([0.5, 1.5], tf.float64)
""",
    "numpy-prefer-float32": """
tf.experimental.numpy.experimental_enable_numpy_behavior(prefer_float32=True)
flags = tf.constant([True, False])
result = flags * 0.5 + tf.constant([1.0, 2.0])
""",
}
NUMPY_BUGS = {
    # The functions keep TensorFlow's own dtype check.
    "numpy-tf-add-still-fails": """
tf.experimental.numpy.experimental_enable_numpy_behavior()
result = tf.add(tf.constant([1, 2]), tf.constant([0.5, 1.5]))
""",
}
NUMPY_CASES = [
    *Case.cases_of(
        {k: v for k, v in NUMPY.items() if k != "numpy-enabled-on-one-path"},
        {"numpy-enabled-on-one-path": NUMPY["numpy-enabled-on-one-path"]},
    ),
    *Case.cases_of(NUMPY_BUGS),
]

outcomes = TENSORFLOW.outcomes_fixture(KERAS_CASES)


@pytest.fixture(scope="module")
def numpy_outcomes(tf_python: Path) -> Outcomes:
    return TENSORFLOW.run_cases(tf_python, NUMPY_CASES)


@pytest.mark.parametrize("case", KERAS_CASES, ids=lambda case: case.id)
def test_keras_call_agrees_with_keras(case: Case, outcomes: Outcomes) -> None:
    check(case, outcomes[case.id])


@pytest.mark.parametrize("case", NUMPY_CASES, ids=lambda case: case.id)
def test_numpy_behavior_agrees_with_tensorflow(case: Case, numpy_outcomes: Outcomes) -> None:
    check(case, numpy_outcomes[case.id])


@pytest.mark.parametrize(
    "name",
    [
        "mask-from-embedding",
        "training-filled-eager",
        "training-dropped-model",
        "numpy-input-converted",
    ],
)
def test_clean_programs_have_no_diagnostic(name: str) -> None:
    """The false errors of issue 25 (unbound name under ``mask is not None``, missing
    ``training``, unexpected ``training``, a NumPy input taken for an array inside ``call``) are
    gone, not merely demoted."""
    source = Case(name, {**MASK, **TRAINING, **DROPPED, **CONVERTED}[name]).source
    assert [d for d in analyse(source).diagnostics if d.severity is not Severity.INFORMATION] == []
