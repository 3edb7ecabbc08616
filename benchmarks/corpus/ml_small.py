"""Small experiment script: a handful of NumPy models.

Benchmark corpus for tensorls, composed by benchmarks/make_corpus.py from realistic NumPy building
blocks (seed 300). Every experiment runs end to end on synthetic data: python benchmarks/corpus/ml_small.py
"""

import math

import numpy as np

SEED = 300
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


class BatchFlightBatchLoader:
    """Yields shuffled, augmented minibatches of 1x8x8 batch_flight images."""

    def __init__(self, images, labels, batch_size, noise=0.05, seed=0):
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


def batch_flight_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_batch_flight_image_network(epochs=4, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 101)
    images = rng.normal(0.5, 0.2, size=(96, 1, 8, 8))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = batch_flight_channel_statistics(images)
    loader = BatchFlightBatchLoader((images - mean) / std, labels, 16)
    flat_dim = 1 * 8 * 8
    w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 16))
    w2 = rng.normal(0.0, math.sqrt(2.0 / 16), size=(16, 2))
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


def noisy_protein_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class NoisyProteinMultiHeadAttention:
    """Self-attention with 2 heads over 16-dimensional noisy_protein embeddings."""

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

    def __call__(self, x, causal=False):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = noisy_protein_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def noisy_protein_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def noisy_protein_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_noisy_protein_sequences(batch_size=2, length=16, model_dim=16):
    rng = np.random.default_rng(SEED + 108)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = NoisyProteinMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
    w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(3):
        attended, weights = attention(hidden)
        hidden = noisy_protein_layer_norm(hidden + attended, gamma, beta)
        hidden = noisy_protein_layer_norm(hidden + noisy_protein_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def regional_review_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def regional_review_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_regional_review_text_classifier(epochs=10, learning_rate=0.5):
    rng = np.random.default_rng(SEED + 115)
    vocab_size, embed_dim, num_classes = 100, 32, 2
    token_ids = regional_review_pad_sequences(rng.integers(1, vocab_size, size=(128, 8)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = regional_review_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class CleanCreditKMeans:
    """Lloyd's algorithm over 8-dimensional clean_credit readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-5):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 8))

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


def cluster_clean_credit_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 122)
    points, _ = make_blobs(120, 8, n_clusters, 0.9, rng)
    model = CleanCreditKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def run_suite_1(results):
    results["train_batch_flight_image_network"] = float(train_batch_flight_image_network())
    results["encode_noisy_protein_sequences"] = float(encode_noisy_protein_sequences())
    results["train_regional_review_text_classifier"] = float(train_regional_review_text_classifier())
    results["cluster_clean_credit_readings"] = float(cluster_clean_credit_readings())
    return results


def main():
    results = {}
    run_suite_1(results)
    for label, score in results.items():
        print(f"{label:<48s} {score:12.5f}")
    return results


if __name__ == "__main__":
    main()
