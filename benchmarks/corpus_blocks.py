"""Building blocks of the benchmark corpus: realistic NumPy training code with variable names and sizes.

Each block is a function ``(variation) -> Block``. A block renders one self-contained piece of a
training script (a model class and its training loop, a clustering routine, an evaluation suite,
...) whose entry function runs it end to end on synthetic data and returns a ``float``. Sizes are
drawn from the variation's random generator but always chosen so that every shape agrees: the
rendered code runs under real NumPy without errors, which ``make_corpus.py --verify`` checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from string import Template


@dataclass(frozen=True)
class Variation:
    """What makes one rendering of a block distinct: its name prefix, seed offset and random sizes."""

    prefix: str
    seed_offset: int
    rng: random.Random

    @property
    def camel(self) -> str:
        """The prefix in CamelCase, for class names (``hourly_sensor`` -> ``HourlySensor``)."""
        return "".join(part.capitalize() for part in self.prefix.split("_"))

    def pick(self, *choices: object) -> object:
        return self.rng.choice(choices)

    def rate(self) -> str:
        return self.rng.choice(("0.05", "0.1", "0.02", "0.2", "0.01", "0.005"))


@dataclass(frozen=True)
class Block:
    """Rendered source of one block and the expression (a ``float``) that runs it."""

    kind: str
    source: str
    entry: str


def render(text: str, variation: Variation, **values: object) -> str:
    """Substitute ``${p}`` (prefix), ``${C}`` (CamelCase prefix), ``${k}`` (seed offset) and ``values``."""
    mapping = {"p": variation.prefix, "C": variation.camel, "k": str(variation.seed_offset)}
    mapping.update({name: str(value) for name, value in values.items()})
    return Template(text).substitute(mapping).strip("\n") + "\n"


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

ACTIVATIONS = (("relu", "relu_grad"), ("tanh_activation", "tanh_grad"), ("sigmoid", "sigmoid_grad"))


def mlp_block(v: Variation) -> Block:
    """A multi-layer perceptron class with manual backpropagation, trained with minibatch SGD."""
    depth = v.rng.randint(1, 4)
    features = v.rng.choice((8, 12, 16, 20, 24, 32))
    classes = v.rng.choice((2, 3, 4, 5, 6))
    hidden = [v.rng.choice((16, 24, 32, 48, 64)) for _ in range(depth)]
    activation, gradient = v.rng.choice(ACTIVATIONS)
    text = '''
class ${C}MLP:
    """A ${depth}-hidden-layer perceptron for the ${p} task."""

    def __init__(self, sizes, rng):
        self.weights = []
        self.biases = []
        for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
            scale = math.sqrt(2.0 / fan_in)
            self.weights.append(rng.normal(0.0, scale, size=(fan_in, fan_out)))
            self.biases.append(np.zeros(fan_out))

    def forward(self, x):
        activations = [x]
        pre_activations = []
        h = x
        for layer, (w, b) in enumerate(zip(self.weights, self.biases)):
            z = h @ w + b
            pre_activations.append(z)
            h = softmax(z) if layer == len(self.weights) - 1 else ${act}(z)
            activations.append(h)
        return activations, pre_activations

    def backward(self, activations, pre_activations, targets):
        batch = targets.shape[0]
        delta = (activations[-1] - targets) / batch
        grads_w = [np.zeros_like(w) for w in self.weights]
        grads_b = [np.zeros_like(b) for b in self.biases]
        for layer in range(len(self.weights) - 1, -1, -1):
            grads_w[layer] = activations[layer].T @ delta
            grads_b[layer] = delta.sum(axis=0)
            if layer > 0:
                delta = (delta @ self.weights[layer].T) * ${grad}(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


def train_${p}_mlp(epochs=${epochs}, learning_rate=${lr}):
    rng = np.random.default_rng(SEED + ${k})
    features, labels = make_blobs(${n}, ${d}, ${c}, ${spread}, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = ${C}MLP([${d}, ${hidden}, ${c}], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, ${batch}, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, ${c}))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, ${c})))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history
'''
    source = render(
        text,
        v,
        depth=depth,
        act=activation,
        grad=gradient,
        epochs=v.rng.randint(2, 5),
        lr=v.rate(),
        n=v.rng.choice((160, 200, 240, 320)),
        d=features,
        c=classes,
        spread=v.pick("0.5", "0.8", "1.0", "1.5"),
        hidden=", ".join(str(h) for h in hidden),
        batch=v.rng.choice((16, 32, 64)),
    )
    return Block("mlp", source, f"train_{v.prefix}_mlp()[0]")


def softmax_regression_block(v: Variation) -> Block:
    """Multinomial logistic regression with L2 regularisation and full-batch gradient descent."""
    text = """
def ${p}_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def ${p}_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_${p}_softmax_regression(iterations=${iters}, step_size=${lr}, l2=${l2}):
    rng = np.random.default_rng(SEED + ${k})
    features, labels = make_blobs(${n}, ${d}, ${c}, ${spread}, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, ${test_fraction}, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, ${c})
    weights = np.zeros((${d}, ${c}))
    bias = np.zeros(${c})
    losses = []
    for iteration in range(iterations):
        loss, probs = ${p}_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = ${p}_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % ${log_every} == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]
"""
    source = render(
        text,
        v,
        iters=v.rng.choice((20, 30, 50)),
        lr=v.pick("0.1", "0.3", "0.5"),
        l2=v.pick("0.001", "0.01", "0.0001"),
        n=v.rng.choice((150, 180, 240)),
        d=v.rng.choice((4, 6, 10, 16)),
        c=v.rng.choice((3, 4, 5)),
        spread=v.pick("0.7", "1.0", "1.2"),
        test_fraction=v.pick("0.2", "0.25", "0.3"),
        log_every=v.rng.choice((5, 10)),
    )
    return Block("softmax", source, f"fit_{v.prefix}_softmax_regression()")


def kmeans_block(v: Variation) -> Block:
    """Lloyd's k-means with k-means++-style seeding by distance and an inertia score."""
    text = '''
class ${C}KMeans:
    """Lloyd's algorithm over ${d}-dimensional ${p} readings."""

    def __init__(self, n_clusters, max_iterations=${iters}, tolerance=${tol}):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, ${d}))

    def _initial_centroids(self, points, rng):
        centroids = [points[rng.integers(points.shape[0])]]
        for _ in range(1, self.n_clusters):
            gaps = np.min(
                np.sum((points[:, None, :] - np.array(centroids)[None, :, :]) ** 2, axis=2), axis=1
            )
            centroids.append(points[int(np.argmax(gaps))])
        return np.stack(centroids)

    def assign(self, points):
        distances = np.sum((points[:, None, :] - self.centroids[None, :, :]) ** 2, axis=2)
        return np.argmin(distances, axis=1), distances

    def fit(self, points, rng):
        self.centroids = self._initial_centroids(points, rng)
        for _ in range(self.max_iterations):
            assignment, _ = self.assign(points)
            updated = self.centroids.copy()
            for cluster in range(self.n_clusters):
                members = points[assignment == cluster]
                if members.shape[0] > 0:
                    updated[cluster] = members.mean(axis=0)
            shift = float(np.max(np.linalg.norm(updated - self.centroids, axis=1)))
            self.centroids = updated
            if shift < self.tolerance:
                break
        return self

    def inertia(self, points):
        assignment, distances = self.assign(points)
        return float(np.sum(distances[np.arange(points.shape[0]), assignment]))


def cluster_${p}_readings(n_clusters=${c}):
    rng = np.random.default_rng(SEED + ${k})
    points, _ = make_blobs(${n}, ${d}, n_clusters, ${spread}, rng)
    model = ${C}KMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]
'''
    source = render(
        text,
        v,
        iters=v.rng.choice((10, 20, 25)),
        tol=v.pick("1e-4", "1e-3", "1e-5"),
        d=v.rng.choice((2, 3, 5, 8)),
        c=v.rng.choice((3, 4, 6)),
        n=v.rng.choice((120, 200, 300)),
        spread=v.pick("0.4", "0.6", "0.9"),
    )
    return Block("kmeans", source, f"cluster_{v.prefix}_readings()")


def pca_block(v: Variation) -> Block:
    """PCA by eigendecomposition of the covariance, cross-checked with an SVD projection."""
    d = v.rng.choice((6, 8, 12, 16))
    latent = v.rng.choice((2, 3, 4))
    text = """
def ${p}_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def ${p}_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_${p}_features(n_components=${latent}):
    rng = np.random.default_rng(SEED + ${k})
    latent = rng.normal(size=(${n}, ${latent}))
    mixing = rng.normal(size=(${latent}, ${d}))
    data = latent @ mixing + ${noise} * rng.normal(size=(${n}, ${d}))
    components, explained = ${p}_principal_components(data, n_components)
    projected, reconstruction = ${p}_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement
"""
    source = render(
        text,
        v,
        d=d,
        latent=latent,
        n=v.rng.choice((100, 150, 200)),
        noise=v.pick("0.05", "0.1", "0.01"),
    )
    return Block("pca", source, f"reduce_{v.prefix}_features()")


def attention_block(v: Variation) -> Block:
    """Multi-head self-attention with head splitting, a causal mask and layer normalisation."""
    heads = v.rng.choice((2, 4))
    model_dim = heads * v.rng.choice((4, 8, 16))
    text = '''
def ${p}_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class ${C}MultiHeadAttention:
    """Self-attention with ${heads} heads over ${model_dim}-dimensional ${p} embeddings."""

    def __init__(self, model_dim, num_heads, rng):
        self.model_dim = model_dim
        self.num_heads = num_heads
        self.head_dim = model_dim // num_heads
        scale = 1.0 / math.sqrt(model_dim)
        self.w_query = rng.normal(0.0, scale, size=(model_dim, model_dim))
        self.w_key = rng.normal(0.0, scale, size=(model_dim, model_dim))
        self.w_value = rng.normal(0.0, scale, size=(model_dim, model_dim))
        self.w_output = rng.normal(0.0, scale, size=(model_dim, model_dim))

    def split_heads(self, x):
        batch, length, _ = x.shape
        return x.reshape(batch, length, self.num_heads, self.head_dim).transpose(0, 2, 1, 3)

    def merge_heads(self, x):
        batch, _, length, _ = x.shape
        return x.transpose(0, 2, 1, 3).reshape(batch, length, self.model_dim)

    def __call__(self, x, causal=${causal}):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = ${p}_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def ${p}_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def ${p}_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_${p}_sequences(batch_size=${batch}, length=${length}, model_dim=${model_dim}):
    rng = np.random.default_rng(SEED + ${k})
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = ${C}MultiHeadAttention(model_dim, ${heads}, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, ${ff}))
    w_out = rng.normal(0.0, 0.1, size=(${ff}, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, ${heads}, length, length))
    for _ in range(${layers}):
        attended, weights = attention(hidden)
        hidden = ${p}_layer_norm(hidden + attended, gamma, beta)
        hidden = ${p}_layer_norm(hidden + ${p}_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())
'''
    source = render(
        text,
        v,
        heads=heads,
        model_dim=model_dim,
        causal=v.pick("True", "False"),
        batch=v.rng.choice((2, 4, 8)),
        length=v.rng.choice((6, 10, 16)),
        ff=model_dim * v.rng.choice((2, 4)),
        layers=v.rng.randint(1, 3),
    )
    return Block("attention", source, f"encode_{v.prefix}_sequences()")


def convolution_block(v: Variation) -> Block:
    """A two-layer CNN forward pass with im2col convolutions and max pooling."""
    side = v.rng.choice((8, 12, 16))
    text = '''
def ${p}_im2col(images, kernel, stride, padding):
    batch, channels, height, width = images.shape
    padded = np.pad(images, ((0, 0), (0, 0), (padding, padding), (padding, padding)))
    out_h = (height + 2 * padding - kernel) // stride + 1
    out_w = (width + 2 * padding - kernel) // stride + 1
    columns = np.zeros((batch, channels, kernel, kernel, out_h, out_w))
    for dy in range(kernel):
        y_end = dy + stride * out_h
        for dx in range(kernel):
            x_end = dx + stride * out_w
            columns[:, :, dy, dx, :, :] = padded[:, :, dy:y_end:stride, dx:x_end:stride]
    columns = columns.transpose(0, 4, 5, 1, 2, 3).reshape(batch * out_h * out_w, -1)
    return columns, out_h, out_w


class ${C}Conv2D:
    """A 2-D convolution computed as one matrix product over im2col patches."""

    def __init__(self, in_channels, out_channels, kernel, stride, padding, rng):
        fan_in = in_channels * kernel * kernel
        self.kernel = kernel
        self.stride = stride
        self.padding = padding
        self.out_channels = out_channels
        self.filters = rng.normal(
            0.0, math.sqrt(2.0 / fan_in), size=(out_channels, in_channels, kernel, kernel)
        )
        self.bias = np.zeros(out_channels)

    def __call__(self, images):
        batch = images.shape[0]
        columns, out_h, out_w = ${p}_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def ${p}_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_${p}_images(batch_size=${batch}):
    rng = np.random.default_rng(SEED + ${k})
    images = rng.normal(size=(batch_size, ${cin}, ${side}, ${side}))
    conv1 = ${C}Conv2D(${cin}, ${c1}, 3, 1, 1, rng)
    conv2 = ${C}Conv2D(${c1}, ${c2}, 3, 1, 1, rng)
    hidden = ${p}_max_pool(relu(conv1(images)), 2)
    hidden = ${p}_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], ${classes}))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, ${classes}, size=batch_size)
    return cross_entropy(probs, one_hot(labels, ${classes}))
'''
    source = render(
        text,
        v,
        side=side,
        batch=v.rng.choice((2, 4, 6)),
        cin=v.rng.choice((1, 3)),
        c1=v.rng.choice((4, 6, 8)),
        c2=v.rng.choice((8, 12, 16)),
        classes=v.rng.choice((3, 5, 10)),
    )
    return Block("conv", source, f"classify_{v.prefix}_images()")


OPTIMIZERS = {
    "Adam": '''
class ${C}Adam:
    """Adam with bias correction for a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=${lr}, beta1=0.9, beta2=0.999, eps=1e-8):
        self.learning_rate = learning_rate
        self.beta1 = beta1
        self.beta2 = beta2
        self.eps = eps
        self.first = [np.zeros(shape) for shape in shapes]
        self.second = [np.zeros(shape) for shape in shapes]
        self.steps = 0

    def update(self, params, grads):
        self.steps += 1
        correction1 = 1.0 - self.beta1**self.steps
        correction2 = 1.0 - self.beta2**self.steps
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.first[index] = self.beta1 * self.first[index] + (1.0 - self.beta1) * grad
            self.second[index] = self.beta2 * self.second[index] + (1.0 - self.beta2) * grad * grad
            m_hat = self.first[index] / correction1
            v_hat = self.second[index] / correction2
            updated.append(param - self.learning_rate * m_hat / (np.sqrt(v_hat) + self.eps))
        return updated
''',
    "MomentumSGD": '''
class ${C}MomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=${lr}, momentum=${momentum}):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated
''',
    "RMSProp": '''
class ${C}RMSProp:
    """RMSProp: per-coordinate step sizes from a running mean of squared gradients."""

    def __init__(self, shapes, learning_rate=${lr}, decay=${decay}, eps=1e-8):
        self.learning_rate = learning_rate
        self.decay = decay
        self.eps = eps
        self.mean_square = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.mean_square[index] = (
                self.decay * self.mean_square[index] + (1.0 - self.decay) * grad**2
            )
            step = self.learning_rate * grad / (np.sqrt(self.mean_square[index]) + self.eps)
            updated.append(param - step)
        return updated
''',
}


def regression_block(v: Variation) -> Block:
    """Multi-output linear regression trained by an optimizer class and checked against ridge."""
    optimizer = v.rng.choice(sorted(OPTIMIZERS))
    d = v.rng.choice((4, 8, 12, 16))
    text = (
        OPTIMIZERS[optimizer]
        + """

def ${p}_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_${p}_regressor(epochs=${epochs}):
    rng = np.random.default_rng(SEED + ${k})
    features = rng.normal(size=(${n}, ${d}))
    true_weights = rng.normal(size=(${d}, ${outputs}))
    targets = features @ true_weights + 0.1 * rng.normal(size=(${n}, ${outputs}))
    weights = np.zeros((${d}, ${outputs}))
    bias = np.zeros(${outputs})
    optimizer = ${C}${optimizer}([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = ${p}_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + ${ridge} * np.eye(${d})
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap
"""
    )
    source = render(
        text,
        v,
        optimizer=optimizer,
        lr=v.pick("0.01", "0.05", "0.02"),
        momentum=v.pick("0.9", "0.8", "0.95"),
        decay=v.pick("0.9", "0.99"),
        epochs=v.rng.choice((20, 40, 60)),
        n=v.rng.choice((64, 128, 256)),
        d=d,
        outputs=v.rng.choice((1, 2, 3)),
        ridge=v.pick("0.1", "1.0", "0.01"),
    )
    return Block("regression", source, f"fit_{v.prefix}_regressor()")


def metrics_block(v: Variation) -> Block:
    """Classification metrics: confusion matrix, per-class precision/recall/F1, ROC AUC, log loss."""
    text = """
def ${p}_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def ${p}_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def ${p}_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def ${p}_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_${p}_classifier(num_classes=${c}):
    rng = np.random.default_rng(SEED + ${k})
    actual = rng.integers(0, num_classes, size=${n})
    logits = rng.normal(size=(${n}, num_classes))
    logits[np.arange(${n}), actual] += ${signal}
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = ${p}_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = ${p}_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = ${p}_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * ${p}_log_loss(probs, actual)
"""
    source = render(
        text,
        v,
        c=v.rng.choice((2, 3, 4, 6)),
        n=v.rng.choice((100, 250, 400)),
        signal=v.pick("1.0", "1.5", "2.0", "0.5"),
    )
    return Block("metrics", source, f"evaluate_{v.prefix}_classifier()")


def normalisation_block(v: Variation) -> Block:
    """Batch normalisation with running statistics, inverted dropout and a dense network."""
    d = v.rng.choice((10, 16, 24))
    width = v.rng.choice((32, 48, 64))
    text = '''
class ${C}BatchNorm:
    """Batch normalisation over ${width} features with running statistics for inference."""

    def __init__(self, features, momentum=${momentum}, eps=1e-5):
        self.gamma = np.ones(features)
        self.beta = np.zeros(features)
        self.running_mean = np.zeros(features)
        self.running_var = np.ones(features)
        self.momentum = momentum
        self.eps = eps

    def __call__(self, x, training=True):
        if training:
            mean = x.mean(axis=0)
            var = x.var(axis=0)
            self.running_mean = self.momentum * self.running_mean + (1 - self.momentum) * mean
            self.running_var = self.momentum * self.running_var + (1 - self.momentum) * var
        else:
            mean, var = self.running_mean, self.running_var
        normalized = (x - mean) / np.sqrt(var + self.eps)
        return self.gamma * normalized + self.beta


def ${p}_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_${p}_dense_network(steps=${steps}):
    rng = np.random.default_rng(SEED + ${k})
    inputs = rng.normal(1.0, 2.0, size=(${n}, ${d}))
    w_hidden = rng.normal(0.0, 0.2, size=(${d}, ${width}))
    w_out = rng.normal(0.0, 0.2, size=(${width}, ${outputs}))
    norm = ${C}BatchNorm(${width})
    for step in range(steps):
        batch = inputs[rng.integers(0, ${n}, size=${batch})]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = ${p}_dropout(hidden, ${dropout}, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())
'''
    source = render(
        text,
        v,
        width=width,
        d=d,
        momentum=v.pick("0.9", "0.99", "0.95"),
        steps=v.rng.choice((5, 10, 20)),
        n=v.rng.choice((128, 256)),
        outputs=v.rng.choice((1, 4, 8)),
        batch=v.rng.choice((16, 32)),
        dropout=v.pick("0.1", "0.2", "0.5"),
    )
    return Block("batchnorm", source, f"run_{v.prefix}_dense_network()")


def recurrent_block(v: Variation) -> Block:
    """An Elman recurrent cell unrolled over a sine-wave forecasting task with a least-squares readout."""
    hidden = v.rng.choice((8, 16, 24))
    batch = v.rng.choice((4, 8))
    text = '''
class ${C}RecurrentCell:
    """A tanh recurrent cell with a ${hidden}-dimensional state."""

    def __init__(self, input_dim, hidden_dim, rng):
        self.w_input = rng.normal(0.0, 1.0 / math.sqrt(input_dim), size=(input_dim, hidden_dim))
        self.w_hidden = rng.normal(0.0, 1.0 / math.sqrt(hidden_dim), size=(hidden_dim, hidden_dim))
        self.bias = np.zeros(hidden_dim)
        self.hidden_dim = hidden_dim

    def run(self, sequence):
        batch, steps, _ = sequence.shape
        state = np.zeros((batch, self.hidden_dim))
        outputs = []
        for t in range(steps):
            state = np.tanh(sequence[:, t, :] @ self.w_input + state @ self.w_hidden + self.bias)
            outputs.append(state)
        return np.stack(outputs, axis=1), state


def forecast_${p}_series(steps=${steps}):
    rng = np.random.default_rng(SEED + ${k})
    time = np.arange(steps + 1) * ${dt}
    phases = rng.uniform(0.0, 2 * math.pi, size=(${batch}, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((${batch}, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = ${C}RecurrentCell(2, ${hidden}, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, ${hidden}), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))
'''
    source = render(
        text,
        v,
        hidden=hidden,
        batch=batch,
        steps=v.rng.choice((12, 20, 30)),
        dt=v.pick("0.1", "0.2", "0.3"),
    )
    return Block("rnn", source, f"forecast_{v.prefix}_series()")


def text_classifier_block(v: Variation) -> Block:
    """Mean-pooled token embeddings with padding masks and a softmax classifier."""
    length = v.rng.choice((8, 12, 20))
    text = """
def ${p}_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def ${p}_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_${p}_text_classifier(epochs=${epochs}, learning_rate=${lr}):
    rng = np.random.default_rng(SEED + ${k})
    vocab_size, embed_dim, num_classes = ${vocab}, ${embed}, ${c}
    token_ids = ${p}_pad_sequences(rng.integers(1, vocab_size, size=(${n}, ${length})), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = ${p}_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)
"""
    source = render(
        text,
        v,
        length=length,
        epochs=v.rng.choice((5, 10, 20)),
        lr=v.pick("0.5", "1.0", "2.0"),
        vocab=v.rng.choice((50, 100, 500)),
        embed=v.rng.choice((8, 16, 32)),
        c=v.rng.choice((2, 3, 4)),
        n=v.rng.choice((64, 128, 200)),
    )
    return Block("text", source, f"train_{v.prefix}_text_classifier()")


def schedule_block(v: Variation) -> Block:
    """Binary logistic regression with a warm-up cosine schedule and early stopping on validation loss."""
    n = v.rng.choice((200, 300, 400))
    text = '''
def ${p}_cosine_schedule(step, total_steps, base_rate, warmup=${warmup}):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class ${C}EarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=${patience}, min_delta=${delta}):
        self.patience = patience
        self.min_delta = min_delta
        self.best = math.inf
        self.bad_epochs = 0

    def should_stop(self, loss):
        if loss < self.best - self.min_delta:
            self.best = loss
            self.bad_epochs = 0
        else:
            self.bad_epochs += 1
        return self.bad_epochs >= self.patience


def ${p}_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_${p}_logistic_model(total_steps=${steps}, base_rate=${lr}):
    rng = np.random.default_rng(SEED + ${k})
    features = rng.normal(size=(${n}, ${d}))
    direction = rng.normal(size=${d})
    labels = (features @ direction + 0.3 * rng.normal(size=${n}) > 0).astype(np.float64)
    split = ${split}
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(${d})
    stopper = ${C}EarlyStopping()
    for step in range(total_steps):
        rate = ${p}_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(${p}_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best
'''
    source = render(
        text,
        v,
        warmup=v.rng.choice((3, 5, 10)),
        patience=v.rng.choice((3, 5)),
        delta=v.pick("1e-4", "1e-3"),
        steps=v.rng.choice((40, 60, 100)),
        lr=v.pick("0.5", "1.0", "0.2"),
        n=n,
        d=v.rng.choice((5, 10, 20)),
        split=n * 3 // 4,
    )
    return Block("schedule", source, f"train_{v.prefix}_logistic_model()")


def loader_block(v: Variation) -> Block:
    """A shuffling batch loader with augmentation feeding a two-layer network trained by SGD."""
    channels = v.rng.choice((1, 3))
    side = v.rng.choice((4, 6, 8))
    text = '''
class ${C}BatchLoader:
    """Yields shuffled, augmented minibatches of ${channels}x${side}x${side} ${p} images."""

    def __init__(self, images, labels, batch_size, noise=${noise}, seed=0):
        self.images = images
        self.labels = labels
        self.batch_size = batch_size
        self.noise = noise
        self.rng = np.random.default_rng(seed)

    def __len__(self):
        return (self.images.shape[0] + self.batch_size - 1) // self.batch_size

    def augment(self, batch):
        flipped = np.where(self.rng.random((batch.shape[0], 1, 1, 1)) < 0.5, batch[..., ::-1], batch)
        return flipped + self.noise * self.rng.normal(size=batch.shape)

    def __iter__(self):
        indices = np.arange(self.images.shape[0])
        self.rng.shuffle(indices)
        for start in range(0, indices.shape[0], self.batch_size):
            chosen = indices[start : start + self.batch_size]
            yield self.augment(self.images[chosen]), self.labels[chosen]


def ${p}_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_${p}_image_network(epochs=${epochs}, learning_rate=${lr}):
    rng = np.random.default_rng(SEED + ${k})
    images = rng.normal(0.5, 0.2, size=(${n}, ${channels}, ${side}, ${side}))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = ${p}_channel_statistics(images)
    loader = ${C}BatchLoader((images - mean) / std, labels, ${batch})
    flat_dim = ${channels} * ${side} * ${side}
    w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, ${width}))
    w2 = rng.normal(0.0, math.sqrt(2.0 / ${width}), size=(${width}, 2))
    losses = []
    for epoch in range(epochs):
        for batch, batch_labels in loader:
            x = batch.reshape(batch.shape[0], -1)
            hidden = relu(x @ w1)
            probs = softmax(hidden @ w2)
            targets = one_hot(batch_labels, 2)
            losses.append(cross_entropy(probs, targets))
            delta = (probs - targets) / x.shape[0]
            grad_w2 = hidden.T @ delta
            grad_w1 = x.T @ ((delta @ w2.T) * relu_grad(hidden))
            w1 -= learning_rate * grad_w1
            w2 -= learning_rate * grad_w2
    return float(np.mean(losses[-len(loader) :]))
'''
    source = render(
        text,
        v,
        channels=channels,
        side=side,
        noise=v.pick("0.01", "0.05", "0.1"),
        epochs=v.rng.choice((2, 3, 4)),
        lr=v.pick("0.05", "0.1", "0.01"),
        n=v.rng.choice((64, 96, 128)),
        batch=v.rng.choice((16, 32)),
        width=v.rng.choice((16, 32, 64)),
    )
    return Block("loader", source, f"train_{v.prefix}_image_network()")


def naive_bayes_block(v: Variation) -> Block:
    """Gaussian naive Bayes with per-class means and variances, scored on a held-out split."""
    text = '''
class ${C}GaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=${smoothing}):
        self.num_classes = num_classes
        self.var_smoothing = var_smoothing
        self.means = np.zeros((num_classes, 1))
        self.variances = np.ones((num_classes, 1))
        self.log_priors = np.zeros(num_classes)

    def fit(self, features, labels):
        per_class = [features[labels == label] for label in range(self.num_classes)]
        self.means = np.stack([rows.mean(axis=0) for rows in per_class])
        self.variances = np.stack([rows.var(axis=0) for rows in per_class]) + self.var_smoothing
        counts = np.bincount(labels, minlength=self.num_classes)
        self.log_priors = np.log(counts / counts.sum() + 1e-12)
        return self

    def joint_log_likelihood(self, features):
        diff = features[:, None, :] - self.means[None, :, :]
        log_det = np.log(2.0 * math.pi * self.variances)[None, :, :]
        return -0.5 * np.sum(log_det + diff**2 / self.variances[None, :, :], axis=2) + self.log_priors

    def predict(self, features):
        return np.argmax(self.joint_log_likelihood(features), axis=1)


def score_${p}_naive_bayes(num_classes=${c}):
    rng = np.random.default_rng(SEED + ${k})
    features, labels = make_blobs(${n}, ${d}, num_classes, ${spread}, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = ${C}GaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))
'''
    source = render(
        text,
        v,
        smoothing=v.pick("1e-9", "1e-6", "1e-3"),
        c=v.rng.choice((2, 3, 4)),
        n=v.rng.choice((150, 240, 300)),
        d=v.rng.choice((2, 4, 6, 9)),
        spread=v.pick("1.0", "1.5", "2.0"),
    )
    return Block("naive_bayes", source, f"score_{v.prefix}_naive_bayes()")


def autoencoder_block(v: Variation) -> Block:
    """A tied-weight linear autoencoder with a sigmoid bottleneck trained by gradient descent."""
    d = v.rng.choice((8, 12, 16, 20))
    code = v.rng.choice((2, 3, 4))
    text = '''
class ${C}TiedAutoencoder:
    """Encodes ${d} features into ${code} sigmoid units and decodes with the transposed weights."""

    def __init__(self, input_dim, code_dim, rng):
        self.weights = rng.normal(0.0, 0.1, size=(input_dim, code_dim))
        self.encode_bias = np.zeros(code_dim)
        self.decode_bias = np.zeros(input_dim)

    def encode(self, x):
        return sigmoid(x @ self.weights + self.encode_bias)

    def decode(self, code):
        return code @ self.weights.T + self.decode_bias

    def train_step(self, x, learning_rate):
        pre_code = x @ self.weights + self.encode_bias
        code = sigmoid(pre_code)
        reconstruction = self.decode(code)
        error = (reconstruction - x) / x.shape[0]
        grad_code = (error @ self.weights) * sigmoid_grad(pre_code)
        grad_weights = x.T @ grad_code + error.T @ code
        self.weights -= learning_rate * grad_weights
        self.encode_bias -= learning_rate * grad_code.sum(axis=0)
        self.decode_bias -= learning_rate * error.sum(axis=0)
        return float(np.mean((reconstruction - x) ** 2))


def compress_${p}_signals(epochs=${epochs}, learning_rate=${lr}):
    rng = np.random.default_rng(SEED + ${k})
    basis = rng.normal(size=(${code}, ${d}))
    signals = sigmoid(rng.normal(size=(${n}, ${code}))) @ basis
    model = ${C}TiedAutoencoder(${d}, ${code}, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())
'''
    source = render(
        text,
        v,
        d=d,
        code=code,
        epochs=v.rng.choice((20, 50, 80)),
        lr=v.pick("0.05", "0.1", "0.2"),
        n=v.rng.choice((100, 200)),
    )
    return Block("autoencoder", source, f"compress_{v.prefix}_signals()")


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
