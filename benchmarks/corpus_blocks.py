"""Building blocks of the benchmark corpus: realistic NumPy training code with variable names and sizes.

Each block is a function ``(variation) -> Block``. A block renders one self-contained piece of a
training script (a model class and its training loop, a clustering routine, an evaluation suite,
...) whose entry function runs it end to end on synthetic data and returns a ``float``. Sizes are
drawn from the variation's random generator but always chosen so that every shape agrees: the
rendered code runs under real NumPy without errors, which ``make_corpus.py --verify`` checks.

The blocks themselves live by kind in ``corpus_training_blocks`` (a model trained by gradient
descent), ``corpus_layer_blocks`` (neural-network layers run forward) and
``corpus_classical_blocks`` (statistics fitted without gradients, and metrics); how a block is
parametrised and rendered is in ``corpus_rendering``. This module holds what they share and what
``make_corpus.py`` draws from: ``PREAMBLE``, the helpers every block's code calls, ``BLOCKS``,
every kind of block in a fixed order, and the ``DOMAINS`` and ``QUALIFIERS`` that make up the
blocks' name prefixes.
"""

from __future__ import annotations

from collections.abc import Callable

from corpus_classical_blocks import kmeans_block, metrics_block, naive_bayes_block, pca_block
from corpus_layer_blocks import (
    attention_block,
    convolution_block,
    normalisation_block,
    recurrent_block,
)
from corpus_rendering import Block, Variation
from corpus_training_blocks import (
    autoencoder_block,
    loader_block,
    mlp_block,
    regression_block,
    schedule_block,
    softmax_regression_block,
    text_classifier_block,
)

PREAMBLE = '''
"""${title}

Benchmark corpus for tensorls, composed by benchmarks/make_corpus.py from realistic NumPy building
blocks (seed ${seed}). Every experiment runs end to end on synthetic data: python ${filename}
"""

import math

import numpy as np

SEED = ${seed}
EPSILON = 1e-12


def softmax(logits, axis=-1):
    shifted = logits - logits.max(axis=axis, keepdims=True)
    exp = np.exp(shifted)
    return exp / exp.sum(axis=axis, keepdims=True)


def relu(x):
    return np.maximum(x, 0.0)


def relu_grad(x):
    return (x > 0).astype(x.dtype)


def tanh_activation(x):
    return np.tanh(x)


def tanh_grad(x):
    return 1.0 - np.tanh(x) ** 2


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def sigmoid_grad(x):
    s = sigmoid(x)
    return s * (1.0 - s)


def one_hot(labels, num_classes):
    encoded = np.zeros((labels.shape[0], num_classes))
    encoded[np.arange(labels.shape[0]), labels] = 1.0
    return encoded


def train_test_split(features, labels, test_fraction, rng):
    order = rng.permutation(features.shape[0])
    n_test = int(features.shape[0] * test_fraction)
    test_idx, train_idx = order[:n_test], order[n_test:]
    return features[train_idx], features[test_idx], labels[train_idx], labels[test_idx]


def standardize(train, test):
    mean = train.mean(axis=0)
    std = train.std(axis=0) + 1e-8
    return (train - mean) / std, (test - mean) / std


def cross_entropy(probs, targets):
    clipped = np.clip(probs, EPSILON, 1.0)
    return float(-np.mean(np.sum(targets * np.log(clipped), axis=1)))


def accuracy(probs, labels):
    return float(np.mean(np.argmax(probs, axis=1) == labels))


def make_blobs(n_samples, n_features, n_classes, spread, rng):
    centers = rng.normal(0.0, 3.0, size=(n_classes, n_features))
    labels = np.arange(n_samples) % n_classes
    rng.shuffle(labels)
    features = centers[labels] + rng.normal(0.0, spread, size=(n_samples, n_features))
    return features, labels


def iterate_minibatches(features, labels, batch_size, rng):
    order = rng.permutation(features.shape[0])
    for start in range(0, features.shape[0], batch_size):
        batch = order[start : start + batch_size]
        yield features[batch], labels[batch]
'''


BLOCKS: tuple[Callable[[Variation], Block], ...] = (
    mlp_block,
    softmax_regression_block,
    kmeans_block,
    pca_block,
    attention_block,
    convolution_block,
    regression_block,
    metrics_block,
    normalisation_block,
    recurrent_block,
    text_classifier_block,
    schedule_block,
    loader_block,
    naive_bayes_block,
    autoencoder_block,
)

DOMAINS = (
    "sensor", "review", "pixel", "click", "patient", "market", "weather", "traffic", "audio",
    "genome", "sales", "energy", "credit", "churn", "fraud", "retail", "satellite", "speech",
    "document", "molecule", "protein", "engine", "turbine", "crop", "wind", "solar", "stock",
    "query", "session", "advert", "video", "claim", "loan", "flight", "packet", "server", "user",
    "product", "lidar", "radar", "ecg", "eeg", "vibration", "shipment", "inventory", "rainfall",
    "soil", "galaxy", "seismic", "invoice",
)  # fmt: skip

QUALIFIERS = (
    "", "daily", "hourly", "regional", "mobile", "legacy", "batch", "stream", "holdout", "pilot",
    "nightly", "sparse", "dense", "noisy", "clean", "weekly",
)  # fmt: skip
