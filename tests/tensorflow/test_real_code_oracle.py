"""Programs rebuilt from false errors the real-code sweep found (issue 25,
``benchmarks/real_code_sweep.py``), each run under TensorFlow 2.12: it runs, and tensorls reports
nothing.

* ``where-unknown-branch``: ``tf.where(condition, x, y)`` whose ``x`` tensorls cannot compute was
  typed as the one-argument form (int64 coordinates), so multiplying it by a float was a certain
  dtype error. Rebuilt from the image rescaling of tf-models-official 2.12.0,
  ``official/vision/ops/preprocess_ops.py`` (``resize_and_crop_image_v2``: the scaled size is
  ``tf.where(longer than long_side, tf.math.round(size * long_scale), scaled_size)``, then
  multiplied by a random float scale).
* ``six-py2-branch``: code under ``elif six.PY2:`` (``unicode``, ``str.decode``) never runs on
  Python 3, but was a certain ``NameError``. Rebuilt from the text conversion of
  tf-models-official 2.12.0, ``official/nlp/tools/tokenization.py`` (``convert_to_unicode``).
* ``reduction-indices-v1``: TF1's keywords ``reduction_indices`` and
  ``dimension`` were ignored, so the L1 distance of a nearest-neighbour search became a scalar
  and its ``argmin(distance, 0)`` a certain axis error. Rebuilt from
  aymericdamien/TensorFlow-Examples@6dcbe146 ``notebooks/2_BasicModels/nearest_neighbor.ipynb``
  (with ``tf.compat.v1``, where these keywords exist; TF 2's ``tf.reduce_sum`` rejects them,
  which ``reduction-indices-v2`` and ``argmin-dimension-v2`` show: tensorls stays silent there).
"""

from __future__ import annotations

import pytest

from .oracle import TENSORFLOW, Case, check

IMPRECISE = {
    "where-unknown-branch": (
        "size = tf.cast(tf.shape(tf.zeros([40, 60, 3]))[0:2], tf.float32)\n"
        "scaled = tf.math.round(size * 0.5)\n"
        "longer = tf.math.maximum(scaled[0], scaled[1]) > 24.0\n"
        "scaled = tf.where(longer, tf.math.round(size * 0.4), scaled)\n"
        "jitter = tf.random.uniform([], 0.8, 1.2, seed=1)\n"
        "result = jitter * scaled\n"
    ),
}

EXACT = {
    "six-py2-branch": (
        "import six\n"
        "def as_text(text):\n"
        "    if six.PY3:\n"
        "        return text if isinstance(text, str) else text.decode('utf-8')\n"
        "    elif six.PY2:\n"
        "        return text.decode('utf-8') if isinstance(text, str) else unicode(text)\n"
        "result = tf.constant([len(as_text('abc')), len(as_text(b'de'))])\n"
    ),
}

IMPRECISE.update(
    {
        "reduction-indices-v1": (
            "train = tf.zeros([50, 784])\n"
            "test = tf.ones([784])\n"
            "distance = tf.compat.v1.reduce_sum(tf.abs(train - test), reduction_indices=1)\n"
            "result = tf.argmin(distance, 0)\n"
        ),
    }
)

UNMODELLED = {
    "argmin-dimension-v2": (
        "distance = tf.reduce_sum(tf.zeros([50, 784]), 1)\n"
        "result = tf.argmin(tf.reshape(distance, [5, 10]), dimension=1)\n"
    ),
    "reduction-indices-v2": (
        "distance = tf.reduce_sum(tf.zeros([50, 784]), reduction_indices=1)\n"
        "result = tf.argmin(distance, 0)\n"
    ),
}

CASES = Case.cases_of(EXACT, IMPRECISE, UNMODELLED)

outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_runs_and_tensorls_reports_nothing(
    case: Case, outcomes: dict[str, dict[str, object]]
) -> None:
    check(case, outcomes[case.id])
