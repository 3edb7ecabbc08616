"""Long research script: many NumPy experiments run at module level.

Benchmark corpus for tensorls, composed by benchmarks/make_corpus.py from realistic NumPy building
blocks (seed 20001). Every experiment runs end to end on synthetic data: python benchmarks/corpus/script_large.py
"""

import math

import numpy as np

SEED = 20001
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

results = {}


class NoisyMoleculeKMeans:
    """Lloyd's algorithm over 3-dimensional noisy_molecule readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-3):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 3))

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


# Experiment: cluster_noisy_molecule_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 101)
points, _ = make_blobs(120, 3, n_clusters, 0.6, rng)
model = NoisyMoleculeKMeans(n_clusters).fit(points, rng)
results["cluster_noisy_molecule_readings"] = float(model.inertia(points) / points.shape[0])


class StreamGenomeMLP:
    """A 2-hidden-layer perceptron for the stream_genome task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else tanh_activation(z)
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
                delta = (delta @ self.weights[layer].T) * tanh_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_stream_genome_mlp
epochs = 4
learning_rate = 0.02
rng = np.random.default_rng(SEED + 108)
features, labels = make_blobs(200, 20, 5, 0.8, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = StreamGenomeMLP([20, 16, 64, 5], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 5))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 5)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_stream_genome_mlp"] = float(((test_accuracy, history))[0])


class LegacyRetailGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-6):
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


# Experiment: score_legacy_retail_naive_bayes
num_classes = 4
rng = np.random.default_rng(SEED + 115)
features, labels = make_blobs(150, 4, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = LegacyRetailGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_legacy_retail_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def regional_claim_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def regional_claim_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def regional_claim_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def regional_claim_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_regional_claim_classifier
num_classes = 3
rng = np.random.default_rng(SEED + 122)
actual = rng.integers(0, num_classes, size=250)
logits = rng.normal(size=(250, num_classes))
logits[np.arange(250), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = regional_claim_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = regional_claim_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = regional_claim_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_regional_claim_classifier"] = float(macro_f1 + auc - gap - 0.1 * regional_claim_log_loss(probs, actual))


class RegionalReviewRecurrentCell:
    """A tanh recurrent cell with a 16-dimensional state."""

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


# Experiment: forecast_regional_review_series
steps = 12
rng = np.random.default_rng(SEED + 129)
time = np.arange(steps + 1) * 0.1
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = RegionalReviewRecurrentCell(2, 16, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_regional_review_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def stream_pixel_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def stream_pixel_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_stream_pixel_features
n_components = 2
rng = np.random.default_rng(SEED + 136)
latent = rng.normal(size=(100, 2))
mixing = rng.normal(size=(2, 16))
data = latent @ mixing + 0.1 * rng.normal(size=(100, 16))
components, explained = stream_pixel_principal_components(data, n_components)
projected, reconstruction = stream_pixel_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_stream_pixel_features"] = float(float(explained.sum()) - error - agreement)


def sparse_wind_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def sparse_wind_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_sparse_wind_text_classifier
epochs = 20
learning_rate = 1.0
rng = np.random.default_rng(SEED + 143)
vocab_size, embed_dim, num_classes = 100, 8, 4
token_ids = sparse_wind_pad_sequences(rng.integers(1, vocab_size, size=(128, 12)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = sparse_wind_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_sparse_wind_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def weekly_radar_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class WeeklyRadarMultiHeadAttention:
    """Self-attention with 4 heads over 16-dimensional weekly_radar embeddings."""

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
        context, weights = weekly_radar_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def weekly_radar_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def weekly_radar_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_weekly_radar_sequences
batch_size = 4
length = 16
model_dim = 16
rng = np.random.default_rng(SEED + 150)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = WeeklyRadarMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(1):
    attended, weights = attention(hidden)
    hidden = weekly_radar_layer_norm(hidden + attended, gamma, beta)
    hidden = weekly_radar_layer_norm(hidden + weekly_radar_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_weekly_radar_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def stream_credit_im2col(images, kernel, stride, padding):
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


class StreamCreditConv2D:
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
        columns, out_h, out_w = stream_credit_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def stream_credit_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_stream_credit_images
batch_size = 6
rng = np.random.default_rng(SEED + 157)
images = rng.normal(size=(batch_size, 1, 8, 8))
conv1 = StreamCreditConv2D(1, 4, 3, 1, 1, rng)
conv2 = StreamCreditConv2D(4, 16, 3, 1, 1, rng)
hidden = stream_credit_max_pool(relu(conv1(images)), 2)
hidden = stream_credit_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 3, size=batch_size)
results["classify_stream_credit_images"] = float(cross_entropy(probs, one_hot(labels, 3)))


class DailySessionBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 daily_session images."""

    def __init__(self, images, labels, batch_size, noise=0.01, seed=0):
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


def daily_session_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_daily_session_image_network
epochs = 4
learning_rate = 0.05
rng = np.random.default_rng(SEED + 164)
images = rng.normal(0.5, 0.2, size=(128, 1, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = daily_session_channel_statistics(images)
loader = DailySessionBatchLoader((images - mean) / std, labels, 32)
flat_dim = 1 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 32))
w2 = rng.normal(0.0, math.sqrt(2.0 / 32), size=(32, 2))
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
results["train_daily_session_image_network"] = float(float(np.mean(losses[-len(loader):])))


class PacketTiedAutoencoder:
    """Encodes 20 features into 2 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_packet_signals
epochs = 20
learning_rate = 0.05
rng = np.random.default_rng(SEED + 171)
basis = rng.normal(size=(2, 20))
signals = sigmoid(rng.normal(size=(200, 2))) @ basis
model = PacketTiedAutoencoder(20, 2, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_packet_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class MoleculeMomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.02, momentum=0.8):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated


def molecule_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_molecule_regressor
epochs = 60
rng = np.random.default_rng(SEED + 178)
features = rng.normal(size=(256, 8))
true_weights = rng.normal(size=(8, 3))
targets = features @ true_weights + 0.1 * rng.normal(size=(256, 3))
weights = np.zeros((8, 3))
bias = np.zeros(3)
optimizer = MoleculeMomentumSGD([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = molecule_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(8)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_molecule_regressor"] = float(mse + gap)


def weekly_review_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class WeeklyReviewEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-3):
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


def weekly_review_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_weekly_review_logistic_model
total_steps = 60
base_rate = 0.5
rng = np.random.default_rng(SEED + 185)
features = rng.normal(size=(200, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = WeeklyReviewEarlyStopping()
for step in range(total_steps):
    rate = weekly_review_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(weekly_review_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_weekly_review_logistic_model"] = float(stopper.best)


def sparse_claim_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def sparse_claim_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_sparse_claim_softmax_regression
iterations = 20
step_size = 0.5
l2 = 0.01
rng = np.random.default_rng(SEED + 192)
features, labels = make_blobs(180, 6, 5, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((6, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = sparse_claim_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = sparse_claim_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_sparse_claim_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class HourlyChurnBatchNorm:
    """Batch normalisation over 32 features with running statistics for inference."""

    def __init__(self, features, momentum=0.99, eps=1e-5):
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


def hourly_churn_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_hourly_churn_dense_network
steps = 20
rng = np.random.default_rng(SEED + 199)
inputs = rng.normal(1.0, 2.0, size=(256, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 32))
w_out = rng.normal(0.0, 0.2, size=(32, 1))
norm = HourlyChurnBatchNorm(32)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = hourly_churn_dropout(hidden, 0.1, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_hourly_churn_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def nightly_solar_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def nightly_solar_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_nightly_solar_features
n_components = 4
rng = np.random.default_rng(SEED + 206)
latent = rng.normal(size=(150, 4))
mixing = rng.normal(size=(4, 12))
data = latent @ mixing + 0.1 * rng.normal(size=(150, 12))
components, explained = nightly_solar_principal_components(data, n_components)
projected, reconstruction = nightly_solar_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_nightly_solar_features"] = float(float(explained.sum()) - error - agreement)


class WeeklyAdvertBatchNorm:
    """Batch normalisation over 64 features with running statistics for inference."""

    def __init__(self, features, momentum=0.95, eps=1e-5):
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


def weekly_advert_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_weekly_advert_dense_network
steps = 20
rng = np.random.default_rng(SEED + 213)
inputs = rng.normal(1.0, 2.0, size=(128, 16))
w_hidden = rng.normal(0.0, 0.2, size=(16, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 1))
norm = WeeklyAdvertBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = weekly_advert_dropout(hidden, 0.5, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_weekly_advert_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


class NightlyMoleculeRecurrentCell:
    """A tanh recurrent cell with a 24-dimensional state."""

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


# Experiment: forecast_nightly_molecule_series
steps = 30
rng = np.random.default_rng(SEED + 220)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = NightlyMoleculeRecurrentCell(2, 24, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_nightly_molecule_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def noisy_loan_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def noisy_loan_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_noisy_loan_text_classifier
epochs = 20
learning_rate = 2.0
rng = np.random.default_rng(SEED + 227)
vocab_size, embed_dim, num_classes = 100, 32, 3
token_ids = noisy_loan_pad_sequences(rng.integers(1, vocab_size, size=(128, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = noisy_loan_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_noisy_loan_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def mobile_seismic_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class MobileSeismicEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=5, min_delta=1e-3):
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


def mobile_seismic_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_mobile_seismic_logistic_model
total_steps = 40
base_rate = 0.5
rng = np.random.default_rng(SEED + 234)
features = rng.normal(size=(400, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
split = 300
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = MobileSeismicEarlyStopping()
for step in range(total_steps):
    rate = mobile_seismic_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(mobile_seismic_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_mobile_seismic_logistic_model"] = float(stopper.best)


class CleanMoleculeGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-3):
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


# Experiment: score_clean_molecule_naive_bayes
num_classes = 3
rng = np.random.default_rng(SEED + 241)
features, labels = make_blobs(300, 2, num_classes, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = CleanMoleculeGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_clean_molecule_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class NightlyAdvertRMSProp:
    """RMSProp: per-coordinate step sizes from a running mean of squared gradients."""

    def __init__(self, shapes, learning_rate=0.01, decay=0.99, eps=1e-8):
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


def nightly_advert_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_nightly_advert_regressor
epochs = 40
rng = np.random.default_rng(SEED + 248)
features = rng.normal(size=(256, 4))
true_weights = rng.normal(size=(4, 3))
targets = features @ true_weights + 0.1 * rng.normal(size=(256, 3))
weights = np.zeros((4, 3))
bias = np.zeros(3)
optimizer = NightlyAdvertRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = nightly_advert_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(4)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_nightly_advert_regressor"] = float(mse + gap)


class WeeklyShipmentKMeans:
    """Lloyd's algorithm over 5-dimensional weekly_shipment readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-5):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 5))

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


# Experiment: cluster_weekly_shipment_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 255)
points, _ = make_blobs(300, 5, n_clusters, 0.4, rng)
model = WeeklyShipmentKMeans(n_clusters).fit(points, rng)
results["cluster_weekly_shipment_readings"] = float(model.inertia(points) / points.shape[0])


class HoldoutSessionMLP:
    """A 3-hidden-layer perceptron for the holdout_session task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else sigmoid(z)
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
                delta = (delta @ self.weights[layer].T) * sigmoid_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_holdout_session_mlp
epochs = 4
learning_rate = 0.01
rng = np.random.default_rng(SEED + 262)
features, labels = make_blobs(320, 16, 3, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = HoldoutSessionMLP([16, 32, 48, 48, 3], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_holdout_session_mlp"] = float(((test_accuracy, history))[0])


def batch_weather_im2col(images, kernel, stride, padding):
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


class BatchWeatherConv2D:
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
        columns, out_h, out_w = batch_weather_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def batch_weather_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_batch_weather_images
batch_size = 2
rng = np.random.default_rng(SEED + 269)
images = rng.normal(size=(batch_size, 3, 16, 16))
conv1 = BatchWeatherConv2D(3, 6, 3, 1, 1, rng)
conv2 = BatchWeatherConv2D(6, 12, 3, 1, 1, rng)
hidden = batch_weather_max_pool(relu(conv1(images)), 2)
hidden = batch_weather_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 3, size=batch_size)
results["classify_batch_weather_images"] = float(cross_entropy(probs, one_hot(labels, 3)))


class NightlyAudioBatchLoader:
    """Yields shuffled, augmented minibatches of 3x6x6 nightly_audio images."""

    def __init__(self, images, labels, batch_size, noise=0.01, seed=0):
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


def nightly_audio_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_nightly_audio_image_network
epochs = 2
learning_rate = 0.1
rng = np.random.default_rng(SEED + 276)
images = rng.normal(0.5, 0.2, size=(128, 3, 6, 6))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = nightly_audio_channel_statistics(images)
loader = NightlyAudioBatchLoader((images - mean) / std, labels, 16)
flat_dim = 3 * 6 * 6
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
results["train_nightly_audio_image_network"] = float(float(np.mean(losses[-len(loader):])))


class RegionalPatientTiedAutoencoder:
    """Encodes 16 features into 3 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_regional_patient_signals
epochs = 50
learning_rate = 0.1
rng = np.random.default_rng(SEED + 283)
basis = rng.normal(size=(3, 16))
signals = sigmoid(rng.normal(size=(100, 3))) @ basis
model = RegionalPatientTiedAutoencoder(16, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_regional_patient_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def daily_churn_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def daily_churn_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_daily_churn_softmax_regression
iterations = 50
step_size = 0.5
l2 = 0.01
rng = np.random.default_rng(SEED + 290)
features, labels = make_blobs(240, 10, 5, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((10, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = daily_churn_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = daily_churn_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_daily_churn_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def sparse_weather_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class SparseWeatherMultiHeadAttention:
    """Self-attention with 2 heads over 16-dimensional sparse_weather embeddings."""

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
        context, weights = sparse_weather_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def sparse_weather_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def sparse_weather_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_sparse_weather_sequences
batch_size = 2
length = 16
model_dim = 16
rng = np.random.default_rng(SEED + 297)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = SparseWeatherMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(3):
    attended, weights = attention(hidden)
    hidden = sparse_weather_layer_norm(hidden + attended, gamma, beta)
    hidden = sparse_weather_layer_norm(hidden + sparse_weather_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_sparse_weather_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def hourly_weather_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def hourly_weather_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def hourly_weather_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def hourly_weather_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_hourly_weather_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 304)
actual = rng.integers(0, num_classes, size=250)
logits = rng.normal(size=(250, num_classes))
logits[np.arange(250), actual] += 1.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = hourly_weather_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = hourly_weather_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = hourly_weather_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_hourly_weather_classifier"] = float(macro_f1 + auc - gap - 0.1 * hourly_weather_log_loss(probs, actual))


class MobileUserGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-9):
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


# Experiment: score_mobile_user_naive_bayes
num_classes = 4
rng = np.random.default_rng(SEED + 311)
features, labels = make_blobs(150, 2, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = MobileUserGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_mobile_user_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class MobileQueryTiedAutoencoder:
    """Encodes 20 features into 3 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_mobile_query_signals
epochs = 80
learning_rate = 0.05
rng = np.random.default_rng(SEED + 318)
basis = rng.normal(size=(3, 20))
signals = sigmoid(rng.normal(size=(200, 3))) @ basis
model = MobileQueryTiedAutoencoder(20, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_mobile_query_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def pilot_pixel_im2col(images, kernel, stride, padding):
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


class PilotPixelConv2D:
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
        columns, out_h, out_w = pilot_pixel_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def pilot_pixel_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_pilot_pixel_images
batch_size = 2
rng = np.random.default_rng(SEED + 325)
images = rng.normal(size=(batch_size, 1, 16, 16))
conv1 = PilotPixelConv2D(1, 6, 3, 1, 1, rng)
conv2 = PilotPixelConv2D(6, 16, 3, 1, 1, rng)
hidden = pilot_pixel_max_pool(relu(conv1(images)), 2)
hidden = pilot_pixel_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 10, size=batch_size)
results["classify_pilot_pixel_images"] = float(cross_entropy(probs, one_hot(labels, 10)))


class DailyEegMomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.02, momentum=0.95):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated


def daily_eeg_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_daily_eeg_regressor
epochs = 20
rng = np.random.default_rng(SEED + 332)
features = rng.normal(size=(64, 4))
true_weights = rng.normal(size=(4, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(64, 2))
weights = np.zeros((4, 2))
bias = np.zeros(2)
optimizer = DailyEegMomentumSGD([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = daily_eeg_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.01 * np.eye(4)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_daily_eeg_regressor"] = float(mse + gap)


def hourly_rainfall_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def hourly_rainfall_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_hourly_rainfall_text_classifier
epochs = 10
learning_rate = 2.0
rng = np.random.default_rng(SEED + 339)
vocab_size, embed_dim, num_classes = 500, 8, 4
token_ids = hourly_rainfall_pad_sequences(rng.integers(1, vocab_size, size=(200, 12)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = hourly_rainfall_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_hourly_rainfall_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class LegacyCropKMeans:
    """Lloyd's algorithm over 8-dimensional legacy_crop readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-4):
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


# Experiment: cluster_legacy_crop_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 346)
points, _ = make_blobs(300, 8, n_clusters, 0.4, rng)
model = LegacyCropKMeans(n_clusters).fit(points, rng)
results["cluster_legacy_crop_readings"] = float(model.inertia(points) / points.shape[0])


class CleanPixelBatchNorm:
    """Batch normalisation over 32 features with running statistics for inference."""

    def __init__(self, features, momentum=0.9, eps=1e-5):
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


def clean_pixel_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_clean_pixel_dense_network
steps = 10
rng = np.random.default_rng(SEED + 353)
inputs = rng.normal(1.0, 2.0, size=(128, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 32))
w_out = rng.normal(0.0, 0.2, size=(32, 4))
norm = CleanPixelBatchNorm(32)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = clean_pixel_dropout(hidden, 0.5, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_clean_pixel_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def regional_invoice_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def regional_invoice_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def regional_invoice_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def regional_invoice_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_regional_invoice_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 360)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 1.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = regional_invoice_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = regional_invoice_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = regional_invoice_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_regional_invoice_classifier"] = float(macro_f1 + auc - gap - 0.1 * regional_invoice_log_loss(probs, actual))


class NoisyAdvertMLP:
    """A 2-hidden-layer perceptron for the noisy_advert task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else tanh_activation(z)
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
                delta = (delta @ self.weights[layer].T) * tanh_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_noisy_advert_mlp
epochs = 4
learning_rate = 0.1
rng = np.random.default_rng(SEED + 367)
features, labels = make_blobs(160, 12, 2, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = NoisyAdvertMLP([12, 24, 32, 2], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 2))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 2)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_noisy_advert_mlp"] = float(((test_accuracy, history))[0])


class HoldoutCropBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 holdout_crop images."""

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


def holdout_crop_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_holdout_crop_image_network
epochs = 3
learning_rate = 0.1
rng = np.random.default_rng(SEED + 374)
images = rng.normal(0.5, 0.2, size=(128, 3, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = holdout_crop_channel_statistics(images)
loader = HoldoutCropBatchLoader((images - mean) / std, labels, 16)
flat_dim = 3 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 64))
w2 = rng.normal(0.0, math.sqrt(2.0 / 64), size=(64, 2))
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
results["train_holdout_crop_image_network"] = float(float(np.mean(losses[-len(loader):])))


def batch_eeg_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def batch_eeg_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_batch_eeg_softmax_regression
iterations = 50
step_size = 0.1
l2 = 0.001
rng = np.random.default_rng(SEED + 381)
features, labels = make_blobs(240, 16, 5, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((16, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = batch_eeg_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = batch_eeg_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_batch_eeg_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def daily_wind_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def daily_wind_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_daily_wind_features
n_components = 2
rng = np.random.default_rng(SEED + 388)
latent = rng.normal(size=(150, 2))
mixing = rng.normal(size=(2, 6))
data = latent @ mixing + 0.1 * rng.normal(size=(150, 6))
components, explained = daily_wind_principal_components(data, n_components)
projected, reconstruction = daily_wind_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_daily_wind_features"] = float(float(explained.sum()) - error - agreement)


def holdout_engine_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class HoldoutEngineEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-3):
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


def holdout_engine_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_holdout_engine_logistic_model
total_steps = 40
base_rate = 0.5
rng = np.random.default_rng(SEED + 395)
features = rng.normal(size=(200, 10))
direction = rng.normal(size=10)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(10)
stopper = HoldoutEngineEarlyStopping()
for step in range(total_steps):
    rate = holdout_engine_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(holdout_engine_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_holdout_engine_logistic_model"] = float(stopper.best)


def regional_satellite_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class RegionalSatelliteMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional regional_satellite embeddings."""

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
        context, weights = regional_satellite_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def regional_satellite_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def regional_satellite_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_regional_satellite_sequences
batch_size = 4
length = 16
model_dim = 32
rng = np.random.default_rng(SEED + 402)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = RegionalSatelliteMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(1):
    attended, weights = attention(hidden)
    hidden = regional_satellite_layer_norm(hidden + attended, gamma, beta)
    hidden = regional_satellite_layer_norm(hidden + regional_satellite_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_regional_satellite_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class PilotProductRecurrentCell:
    """A tanh recurrent cell with a 8-dimensional state."""

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


# Experiment: forecast_pilot_product_series
steps = 20
rng = np.random.default_rng(SEED + 409)
time = np.arange(steps + 1) * 0.1
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = PilotProductRecurrentCell(2, 8, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_pilot_product_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def holdout_seismic_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def holdout_seismic_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_holdout_seismic_softmax_regression
iterations = 30
step_size = 0.5
l2 = 0.001
rng = np.random.default_rng(SEED + 416)
features, labels = make_blobs(150, 16, 3, 0.7, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((16, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = holdout_seismic_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = holdout_seismic_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_holdout_seismic_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def pilot_engine_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def pilot_engine_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def pilot_engine_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def pilot_engine_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_pilot_engine_classifier
num_classes = 2
rng = np.random.default_rng(SEED + 423)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = pilot_engine_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = pilot_engine_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = pilot_engine_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_pilot_engine_classifier"] = float(macro_f1 + auc - gap - 0.1 * pilot_engine_log_loss(probs, actual))


def holdout_sensor_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def holdout_sensor_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_holdout_sensor_text_classifier
epochs = 20
learning_rate = 2.0
rng = np.random.default_rng(SEED + 430)
vocab_size, embed_dim, num_classes = 100, 32, 4
token_ids = holdout_sensor_pad_sequences(rng.integers(1, vocab_size, size=(200, 20)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = holdout_sensor_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_holdout_sensor_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class StreamRetailGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-3):
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


# Experiment: score_stream_retail_naive_bayes
num_classes = 4
rng = np.random.default_rng(SEED + 437)
features, labels = make_blobs(150, 2, num_classes, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = StreamRetailGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_stream_retail_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class DenseProteinRecurrentCell:
    """A tanh recurrent cell with a 24-dimensional state."""

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


# Experiment: forecast_dense_protein_series
steps = 20
rng = np.random.default_rng(SEED + 444)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = DenseProteinRecurrentCell(2, 24, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_dense_protein_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


class DailyCropKMeans:
    """Lloyd's algorithm over 8-dimensional daily_crop readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-4):
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


# Experiment: cluster_daily_crop_readings
n_clusters = 4
rng = np.random.default_rng(SEED + 451)
points, _ = make_blobs(200, 8, n_clusters, 0.9, rng)
model = DailyCropKMeans(n_clusters).fit(points, rng)
results["cluster_daily_crop_readings"] = float(model.inertia(points) / points.shape[0])


def dense_soil_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def dense_soil_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_dense_soil_features
n_components = 2
rng = np.random.default_rng(SEED + 458)
latent = rng.normal(size=(200, 2))
mixing = rng.normal(size=(2, 8))
data = latent @ mixing + 0.05 * rng.normal(size=(200, 8))
components, explained = dense_soil_principal_components(data, n_components)
projected, reconstruction = dense_soil_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_dense_soil_features"] = float(float(explained.sum()) - error - agreement)


class HourlyMarketMLP:
    """A 2-hidden-layer perceptron for the hourly_market task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else relu(z)
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
                delta = (delta @ self.weights[layer].T) * relu_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_hourly_market_mlp
epochs = 4
learning_rate = 0.1
rng = np.random.default_rng(SEED + 465)
features, labels = make_blobs(320, 24, 3, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = HourlyMarketMLP([24, 16, 48, 3], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_hourly_market_mlp"] = float(((test_accuracy, history))[0])


def nightly_video_im2col(images, kernel, stride, padding):
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


class NightlyVideoConv2D:
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
        columns, out_h, out_w = nightly_video_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def nightly_video_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_nightly_video_images
batch_size = 6
rng = np.random.default_rng(SEED + 472)
images = rng.normal(size=(batch_size, 1, 12, 12))
conv1 = NightlyVideoConv2D(1, 8, 3, 1, 1, rng)
conv2 = NightlyVideoConv2D(8, 8, 3, 1, 1, rng)
hidden = nightly_video_max_pool(relu(conv1(images)), 2)
hidden = nightly_video_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 10, size=batch_size)
results["classify_nightly_video_images"] = float(cross_entropy(probs, one_hot(labels, 10)))


class DailyProteinRMSProp:
    """RMSProp: per-coordinate step sizes from a running mean of squared gradients."""

    def __init__(self, shapes, learning_rate=0.02, decay=0.9, eps=1e-8):
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


def daily_protein_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_daily_protein_regressor
epochs = 60
rng = np.random.default_rng(SEED + 479)
features = rng.normal(size=(64, 8))
true_weights = rng.normal(size=(8, 1))
targets = features @ true_weights + 0.1 * rng.normal(size=(64, 1))
weights = np.zeros((8, 1))
bias = np.zeros(1)
optimizer = DailyProteinRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = daily_protein_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(8)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_daily_protein_regressor"] = float(mse + gap)


class BatchProductBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 batch_product images."""

    def __init__(self, images, labels, batch_size, noise=0.1, seed=0):
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


def batch_product_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_batch_product_image_network
epochs = 2
learning_rate = 0.1
rng = np.random.default_rng(SEED + 486)
images = rng.normal(0.5, 0.2, size=(96, 1, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = batch_product_channel_statistics(images)
loader = BatchProductBatchLoader((images - mean) / std, labels, 32)
flat_dim = 1 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 64))
w2 = rng.normal(0.0, math.sqrt(2.0 / 64), size=(64, 2))
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
results["train_batch_product_image_network"] = float(float(np.mean(losses[-len(loader):])))


def dense_user_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class DenseUserMultiHeadAttention:
    """Self-attention with 4 heads over 16-dimensional dense_user embeddings."""

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
        context, weights = dense_user_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def dense_user_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def dense_user_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_dense_user_sequences
batch_size = 8
length = 6
model_dim = 16
rng = np.random.default_rng(SEED + 493)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = DenseUserMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(1):
    attended, weights = attention(hidden)
    hidden = dense_user_layer_norm(hidden + attended, gamma, beta)
    hidden = dense_user_layer_norm(hidden + dense_user_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_dense_user_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class NoisyServerTiedAutoencoder:
    """Encodes 8 features into 3 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_noisy_server_signals
epochs = 20
learning_rate = 0.1
rng = np.random.default_rng(SEED + 500)
basis = rng.normal(size=(3, 8))
signals = sigmoid(rng.normal(size=(100, 3))) @ basis
model = NoisyServerTiedAutoencoder(8, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_noisy_server_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def radar_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class RadarEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=5, min_delta=1e-4):
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


def radar_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_radar_logistic_model
total_steps = 40
base_rate = 1.0
rng = np.random.default_rng(SEED + 507)
features = rng.normal(size=(400, 20))
direction = rng.normal(size=20)
labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
split = 300
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(20)
stopper = RadarEarlyStopping()
for step in range(total_steps):
    rate = radar_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(radar_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_radar_logistic_model"] = float(stopper.best)


class MobileSensorBatchNorm:
    """Batch normalisation over 64 features with running statistics for inference."""

    def __init__(self, features, momentum=0.99, eps=1e-5):
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


def mobile_sensor_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_mobile_sensor_dense_network
steps = 5
rng = np.random.default_rng(SEED + 514)
inputs = rng.normal(1.0, 2.0, size=(128, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 1))
norm = MobileSensorBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = mobile_sensor_dropout(hidden, 0.1, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_mobile_sensor_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


class BatchLoanGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-9):
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


# Experiment: score_batch_loan_naive_bayes
num_classes = 4
rng = np.random.default_rng(SEED + 521)
features, labels = make_blobs(150, 4, num_classes, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = BatchLoanGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_batch_loan_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def weekly_traffic_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def weekly_traffic_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_weekly_traffic_softmax_regression
iterations = 20
step_size = 0.5
l2 = 0.01
rng = np.random.default_rng(SEED + 528)
features, labels = make_blobs(150, 6, 3, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((6, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = weekly_traffic_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = weekly_traffic_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_weekly_traffic_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def legacy_claim_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def legacy_claim_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_legacy_claim_text_classifier
epochs = 5
learning_rate = 0.5
rng = np.random.default_rng(SEED + 535)
vocab_size, embed_dim, num_classes = 500, 32, 2
token_ids = legacy_claim_pad_sequences(rng.integers(1, vocab_size, size=(128, 20)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = legacy_claim_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_legacy_claim_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def hourly_review_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def hourly_review_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_hourly_review_features
n_components = 4
rng = np.random.default_rng(SEED + 542)
latent = rng.normal(size=(150, 4))
mixing = rng.normal(size=(4, 6))
data = latent @ mixing + 0.01 * rng.normal(size=(150, 6))
components, explained = hourly_review_principal_components(data, n_components)
projected, reconstruction = hourly_review_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_hourly_review_features"] = float(float(explained.sum()) - error - agreement)


def hourly_pixel_im2col(images, kernel, stride, padding):
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


class HourlyPixelConv2D:
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
        columns, out_h, out_w = hourly_pixel_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def hourly_pixel_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_hourly_pixel_images
batch_size = 4
rng = np.random.default_rng(SEED + 549)
images = rng.normal(size=(batch_size, 1, 8, 8))
conv1 = HourlyPixelConv2D(1, 4, 3, 1, 1, rng)
conv2 = HourlyPixelConv2D(4, 8, 3, 1, 1, rng)
hidden = hourly_pixel_max_pool(relu(conv1(images)), 2)
hidden = hourly_pixel_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_hourly_pixel_images"] = float(cross_entropy(probs, one_hot(labels, 5)))


class WeeklyRetailBatchNorm:
    """Batch normalisation over 64 features with running statistics for inference."""

    def __init__(self, features, momentum=0.9, eps=1e-5):
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


def weekly_retail_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_weekly_retail_dense_network
steps = 10
rng = np.random.default_rng(SEED + 556)
inputs = rng.normal(1.0, 2.0, size=(256, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 1))
norm = WeeklyRetailBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = weekly_retail_dropout(hidden, 0.2, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_weekly_retail_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def pilot_sales_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class PilotSalesEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-3):
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


def pilot_sales_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_pilot_sales_logistic_model
total_steps = 40
base_rate = 0.5
rng = np.random.default_rng(SEED + 563)
features = rng.normal(size=(400, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
split = 300
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = PilotSalesEarlyStopping()
for step in range(total_steps):
    rate = pilot_sales_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(pilot_sales_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_pilot_sales_logistic_model"] = float(stopper.best)


class NightlyEegKMeans:
    """Lloyd's algorithm over 2-dimensional nightly_eeg readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-4):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 2))

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


# Experiment: cluster_nightly_eeg_readings
n_clusters = 4
rng = np.random.default_rng(SEED + 570)
points, _ = make_blobs(120, 2, n_clusters, 0.6, rng)
model = NightlyEegKMeans(n_clusters).fit(points, rng)
results["cluster_nightly_eeg_readings"] = float(model.inertia(points) / points.shape[0])


class HourlySalesTiedAutoencoder:
    """Encodes 12 features into 2 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_hourly_sales_signals
epochs = 50
learning_rate = 0.1
rng = np.random.default_rng(SEED + 577)
basis = rng.normal(size=(2, 12))
signals = sigmoid(rng.normal(size=(100, 2))) @ basis
model = HourlySalesTiedAutoencoder(12, 2, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_hourly_sales_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class HoldoutAdvertBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 holdout_advert images."""

    def __init__(self, images, labels, batch_size, noise=0.01, seed=0):
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


def holdout_advert_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_holdout_advert_image_network
epochs = 2
learning_rate = 0.05
rng = np.random.default_rng(SEED + 584)
images = rng.normal(0.5, 0.2, size=(64, 1, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = holdout_advert_channel_statistics(images)
loader = HoldoutAdvertBatchLoader((images - mean) / std, labels, 16)
flat_dim = 1 * 4 * 4
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
results["train_holdout_advert_image_network"] = float(float(np.mean(losses[-len(loader):])))


class PixelRecurrentCell:
    """A tanh recurrent cell with a 24-dimensional state."""

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


# Experiment: forecast_pixel_series
steps = 12
rng = np.random.default_rng(SEED + 591)
time = np.arange(steps + 1) * 0.1
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = PixelRecurrentCell(2, 24, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_pixel_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


class RetailRMSProp:
    """RMSProp: per-coordinate step sizes from a running mean of squared gradients."""

    def __init__(self, shapes, learning_rate=0.05, decay=0.99, eps=1e-8):
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


def retail_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_retail_regressor
epochs = 40
rng = np.random.default_rng(SEED + 598)
features = rng.normal(size=(256, 12))
true_weights = rng.normal(size=(12, 3))
targets = features @ true_weights + 0.1 * rng.normal(size=(256, 3))
weights = np.zeros((12, 3))
bias = np.zeros(3)
optimizer = RetailRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = retail_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(12)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_retail_regressor"] = float(mse + gap)


class NightlyDocumentMLP:
    """A 4-hidden-layer perceptron for the nightly_document task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else tanh_activation(z)
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
                delta = (delta @ self.weights[layer].T) * tanh_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_nightly_document_mlp
epochs = 4
learning_rate = 0.02
rng = np.random.default_rng(SEED + 605)
features, labels = make_blobs(200, 16, 3, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = NightlyDocumentMLP([16, 16, 16, 32, 24, 3], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_nightly_document_mlp"] = float(((test_accuracy, history))[0])


def mobile_protein_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def mobile_protein_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def mobile_protein_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def mobile_protein_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_mobile_protein_classifier
num_classes = 3
rng = np.random.default_rng(SEED + 612)
actual = rng.integers(0, num_classes, size=100)
logits = rng.normal(size=(100, num_classes))
logits[np.arange(100), actual] += 1.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = mobile_protein_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = mobile_protein_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = mobile_protein_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_mobile_protein_classifier"] = float(macro_f1 + auc - gap - 0.1 * mobile_protein_log_loss(probs, actual))


def legacy_solar_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class LegacySolarMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional legacy_solar embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = legacy_solar_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def legacy_solar_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def legacy_solar_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_legacy_solar_sequences
batch_size = 8
length = 6
model_dim = 32
rng = np.random.default_rng(SEED + 619)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = LegacySolarMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(1):
    attended, weights = attention(hidden)
    hidden = legacy_solar_layer_norm(hidden + attended, gamma, beta)
    hidden = legacy_solar_layer_norm(hidden + legacy_solar_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_legacy_solar_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class NoisyPixelKMeans:
    """Lloyd's algorithm over 2-dimensional noisy_pixel readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-3):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 2))

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


# Experiment: cluster_noisy_pixel_readings
n_clusters = 4
rng = np.random.default_rng(SEED + 626)
points, _ = make_blobs(300, 2, n_clusters, 0.9, rng)
model = NoisyPixelKMeans(n_clusters).fit(points, rng)
results["cluster_noisy_pixel_readings"] = float(model.inertia(points) / points.shape[0])


class NightlyEngineBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 nightly_engine images."""

    def __init__(self, images, labels, batch_size, noise=0.1, seed=0):
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


def nightly_engine_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_nightly_engine_image_network
epochs = 4
learning_rate = 0.05
rng = np.random.default_rng(SEED + 633)
images = rng.normal(0.5, 0.2, size=(96, 1, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = nightly_engine_channel_statistics(images)
loader = NightlyEngineBatchLoader((images - mean) / std, labels, 16)
flat_dim = 1 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 64))
w2 = rng.normal(0.0, math.sqrt(2.0 / 64), size=(64, 2))
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
results["train_nightly_engine_image_network"] = float(float(np.mean(losses[-len(loader):])))


class HoldoutPacketTiedAutoencoder:
    """Encodes 12 features into 2 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_holdout_packet_signals
epochs = 80
learning_rate = 0.05
rng = np.random.default_rng(SEED + 640)
basis = rng.normal(size=(2, 12))
signals = sigmoid(rng.normal(size=(100, 2))) @ basis
model = HoldoutPacketTiedAutoencoder(12, 2, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_holdout_packet_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def dense_query_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def dense_query_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_dense_query_text_classifier
epochs = 5
learning_rate = 1.0
rng = np.random.default_rng(SEED + 647)
vocab_size, embed_dim, num_classes = 500, 32, 4
token_ids = dense_query_pad_sequences(rng.integers(1, vocab_size, size=(200, 12)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = dense_query_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_dense_query_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def holdout_lidar_im2col(images, kernel, stride, padding):
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


class HoldoutLidarConv2D:
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
        columns, out_h, out_w = holdout_lidar_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def holdout_lidar_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_holdout_lidar_images
batch_size = 4
rng = np.random.default_rng(SEED + 654)
images = rng.normal(size=(batch_size, 3, 8, 8))
conv1 = HoldoutLidarConv2D(3, 6, 3, 1, 1, rng)
conv2 = HoldoutLidarConv2D(6, 12, 3, 1, 1, rng)
hidden = holdout_lidar_max_pool(relu(conv1(images)), 2)
hidden = holdout_lidar_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_holdout_lidar_images"] = float(cross_entropy(probs, one_hot(labels, 5)))


def hourly_speech_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class HourlySpeechMultiHeadAttention:
    """Self-attention with 2 heads over 16-dimensional hourly_speech embeddings."""

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
        context, weights = hourly_speech_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def hourly_speech_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def hourly_speech_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_hourly_speech_sequences
batch_size = 2
length = 10
model_dim = 16
rng = np.random.default_rng(SEED + 661)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = HourlySpeechMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(3):
    attended, weights = attention(hidden)
    hidden = hourly_speech_layer_norm(hidden + attended, gamma, beta)
    hidden = hourly_speech_layer_norm(hidden + hourly_speech_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_hourly_speech_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def dense_stock_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def dense_stock_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_dense_stock_features
n_components = 3
rng = np.random.default_rng(SEED + 668)
latent = rng.normal(size=(100, 3))
mixing = rng.normal(size=(3, 8))
data = latent @ mixing + 0.01 * rng.normal(size=(100, 8))
components, explained = dense_stock_principal_components(data, n_components)
projected, reconstruction = dense_stock_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_dense_stock_features"] = float(float(explained.sum()) - error - agreement)


class DenseReviewGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-6):
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


# Experiment: score_dense_review_naive_bayes
num_classes = 3
rng = np.random.default_rng(SEED + 675)
features, labels = make_blobs(240, 4, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = DenseReviewGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_dense_review_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def hourly_packet_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class HourlyPacketEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-3):
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


def hourly_packet_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_hourly_packet_logistic_model
total_steps = 100
base_rate = 1.0
rng = np.random.default_rng(SEED + 682)
features = rng.normal(size=(200, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = HourlyPacketEarlyStopping()
for step in range(total_steps):
    rate = hourly_packet_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(hourly_packet_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_hourly_packet_logistic_model"] = float(stopper.best)


class RegionalSolarRecurrentCell:
    """A tanh recurrent cell with a 8-dimensional state."""

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


# Experiment: forecast_regional_solar_series
steps = 12
rng = np.random.default_rng(SEED + 689)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = RegionalSolarRecurrentCell(2, 8, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_regional_solar_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


class HoldoutClickMLP:
    """A 2-hidden-layer perceptron for the holdout_click task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else sigmoid(z)
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
                delta = (delta @ self.weights[layer].T) * sigmoid_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_holdout_click_mlp
epochs = 2
learning_rate = 0.02
rng = np.random.default_rng(SEED + 696)
features, labels = make_blobs(320, 16, 2, 0.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = HoldoutClickMLP([16, 32, 24, 2], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 2))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 2)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_holdout_click_mlp"] = float(((test_accuracy, history))[0])


class RegionalWeatherAdam:
    """Adam with bias correction for a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.01, beta1=0.9, beta2=0.999, eps=1e-8):
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


def regional_weather_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_regional_weather_regressor
epochs = 20
rng = np.random.default_rng(SEED + 703)
features = rng.normal(size=(256, 16))
true_weights = rng.normal(size=(16, 3))
targets = features @ true_weights + 0.1 * rng.normal(size=(256, 3))
weights = np.zeros((16, 3))
bias = np.zeros(3)
optimizer = RegionalWeatherAdam([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = regional_weather_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(16)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_regional_weather_regressor"] = float(mse + gap)


def holdout_server_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def holdout_server_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_holdout_server_softmax_regression
iterations = 30
step_size = 0.1
l2 = 0.0001
rng = np.random.default_rng(SEED + 710)
features, labels = make_blobs(240, 16, 5, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((16, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = holdout_server_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = holdout_server_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_holdout_server_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def dense_shipment_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def dense_shipment_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def dense_shipment_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def dense_shipment_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_dense_shipment_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 717)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = dense_shipment_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = dense_shipment_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = dense_shipment_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_dense_shipment_classifier"] = float(macro_f1 + auc - gap - 0.1 * dense_shipment_log_loss(probs, actual))


class SparseLoanBatchNorm:
    """Batch normalisation over 32 features with running statistics for inference."""

    def __init__(self, features, momentum=0.95, eps=1e-5):
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


def sparse_loan_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_sparse_loan_dense_network
steps = 10
rng = np.random.default_rng(SEED + 724)
inputs = rng.normal(1.0, 2.0, size=(256, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 32))
w_out = rng.normal(0.0, 0.2, size=(32, 1))
norm = SparseLoanBatchNorm(32)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = sparse_loan_dropout(hidden, 0.5, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_sparse_loan_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def dense_inventory_im2col(images, kernel, stride, padding):
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


class DenseInventoryConv2D:
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
        columns, out_h, out_w = dense_inventory_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def dense_inventory_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_dense_inventory_images
batch_size = 6
rng = np.random.default_rng(SEED + 731)
images = rng.normal(size=(batch_size, 1, 16, 16))
conv1 = DenseInventoryConv2D(1, 6, 3, 1, 1, rng)
conv2 = DenseInventoryConv2D(6, 12, 3, 1, 1, rng)
hidden = dense_inventory_max_pool(relu(conv1(images)), 2)
hidden = dense_inventory_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 3, size=batch_size)
results["classify_dense_inventory_images"] = float(cross_entropy(probs, one_hot(labels, 3)))


def mobile_eeg_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class MobileEegMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional mobile_eeg embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = mobile_eeg_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def mobile_eeg_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def mobile_eeg_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_mobile_eeg_sequences
batch_size = 8
length = 16
model_dim = 32
rng = np.random.default_rng(SEED + 738)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = MobileEegMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = mobile_eeg_layer_norm(hidden + attended, gamma, beta)
    hidden = mobile_eeg_layer_norm(hidden + mobile_eeg_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_mobile_eeg_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class CleanWindTiedAutoencoder:
    """Encodes 8 features into 4 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_clean_wind_signals
epochs = 20
learning_rate = 0.2
rng = np.random.default_rng(SEED + 745)
basis = rng.normal(size=(4, 8))
signals = sigmoid(rng.normal(size=(100, 4))) @ basis
model = CleanWindTiedAutoencoder(8, 4, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_clean_wind_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class RegionalCropBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 regional_crop images."""

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


def regional_crop_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_regional_crop_image_network
epochs = 3
learning_rate = 0.01
rng = np.random.default_rng(SEED + 752)
images = rng.normal(0.5, 0.2, size=(128, 3, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = regional_crop_channel_statistics(images)
loader = RegionalCropBatchLoader((images - mean) / std, labels, 32)
flat_dim = 3 * 4 * 4
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
results["train_regional_crop_image_network"] = float(float(np.mean(losses[-len(loader):])))


class WeeklyServerKMeans:
    """Lloyd's algorithm over 8-dimensional weekly_server readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-5):
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


# Experiment: cluster_weekly_server_readings
n_clusters = 4
rng = np.random.default_rng(SEED + 759)
points, _ = make_blobs(200, 8, n_clusters, 0.9, rng)
model = WeeklyServerKMeans(n_clusters).fit(points, rng)
results["cluster_weekly_server_readings"] = float(model.inertia(points) / points.shape[0])


def clean_vibration_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def clean_vibration_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def clean_vibration_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def clean_vibration_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_clean_vibration_classifier
num_classes = 3
rng = np.random.default_rng(SEED + 766)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 2.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = clean_vibration_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = clean_vibration_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = clean_vibration_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_clean_vibration_classifier"] = float(macro_f1 + auc - gap - 0.1 * clean_vibration_log_loss(probs, actual))


class HourlyVideoRecurrentCell:
    """A tanh recurrent cell with a 24-dimensional state."""

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


# Experiment: forecast_hourly_video_series
steps = 20
rng = np.random.default_rng(SEED + 773)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = HourlyVideoRecurrentCell(2, 24, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_hourly_video_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


class SparseStockGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-3):
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


# Experiment: score_sparse_stock_naive_bayes
num_classes = 2
rng = np.random.default_rng(SEED + 780)
features, labels = make_blobs(300, 9, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = SparseStockGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_sparse_stock_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def nightly_ecg_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def nightly_ecg_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_nightly_ecg_features
n_components = 3
rng = np.random.default_rng(SEED + 787)
latent = rng.normal(size=(150, 3))
mixing = rng.normal(size=(3, 12))
data = latent @ mixing + 0.01 * rng.normal(size=(150, 12))
components, explained = nightly_ecg_principal_components(data, n_components)
projected, reconstruction = nightly_ecg_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_nightly_ecg_features"] = float(float(explained.sum()) - error - agreement)


class NoisySolarMLP:
    """A 1-hidden-layer perceptron for the noisy_solar task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else relu(z)
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
                delta = (delta @ self.weights[layer].T) * relu_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_noisy_solar_mlp
epochs = 3
learning_rate = 0.1
rng = np.random.default_rng(SEED + 794)
features, labels = make_blobs(320, 24, 4, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = NoisySolarMLP([24, 48, 4], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_noisy_solar_mlp"] = float(((test_accuracy, history))[0])


class HourlyGenomeMomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.02, momentum=0.9):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated


def hourly_genome_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_hourly_genome_regressor
epochs = 20
rng = np.random.default_rng(SEED + 801)
features = rng.normal(size=(256, 16))
true_weights = rng.normal(size=(16, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(256, 2))
weights = np.zeros((16, 2))
bias = np.zeros(2)
optimizer = HourlyGenomeMomentumSGD([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = hourly_genome_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(16)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_hourly_genome_regressor"] = float(mse + gap)


def holdout_sales_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def holdout_sales_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_holdout_sales_softmax_regression
iterations = 20
step_size = 0.5
l2 = 0.01
rng = np.random.default_rng(SEED + 808)
features, labels = make_blobs(240, 4, 5, 0.7, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((4, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = holdout_sales_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = holdout_sales_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_holdout_sales_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def noisy_weather_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class NoisyWeatherEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=5, min_delta=1e-3):
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


def noisy_weather_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_noisy_weather_logistic_model
total_steps = 40
base_rate = 1.0
rng = np.random.default_rng(SEED + 815)
features = rng.normal(size=(400, 20))
direction = rng.normal(size=20)
labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
split = 300
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(20)
stopper = NoisyWeatherEarlyStopping()
for step in range(total_steps):
    rate = noisy_weather_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(noisy_weather_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_noisy_weather_logistic_model"] = float(stopper.best)


def clean_loan_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def clean_loan_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_clean_loan_text_classifier
epochs = 5
learning_rate = 2.0
rng = np.random.default_rng(SEED + 822)
vocab_size, embed_dim, num_classes = 50, 8, 2
token_ids = clean_loan_pad_sequences(rng.integers(1, vocab_size, size=(64, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = clean_loan_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_clean_loan_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class CleanShipmentBatchNorm:
    """Batch normalisation over 48 features with running statistics for inference."""

    def __init__(self, features, momentum=0.99, eps=1e-5):
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


def clean_shipment_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_clean_shipment_dense_network
steps = 20
rng = np.random.default_rng(SEED + 829)
inputs = rng.normal(1.0, 2.0, size=(128, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 48))
w_out = rng.normal(0.0, 0.2, size=(48, 8))
norm = CleanShipmentBatchNorm(48)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = clean_shipment_dropout(hidden, 0.2, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_clean_shipment_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def batch_radar_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def batch_radar_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_batch_radar_features
n_components = 3
rng = np.random.default_rng(SEED + 836)
latent = rng.normal(size=(200, 3))
mixing = rng.normal(size=(3, 12))
data = latent @ mixing + 0.01 * rng.normal(size=(200, 12))
components, explained = batch_radar_principal_components(data, n_components)
projected, reconstruction = batch_radar_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_batch_radar_features"] = float(float(explained.sum()) - error - agreement)


def nightly_product_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def nightly_product_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_nightly_product_text_classifier
epochs = 20
learning_rate = 0.5
rng = np.random.default_rng(SEED + 843)
vocab_size, embed_dim, num_classes = 50, 8, 2
token_ids = nightly_product_pad_sequences(rng.integers(1, vocab_size, size=(64, 12)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = nightly_product_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_nightly_product_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class StreamVideoRecurrentCell:
    """A tanh recurrent cell with a 24-dimensional state."""

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


# Experiment: forecast_stream_video_series
steps = 20
rng = np.random.default_rng(SEED + 850)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = StreamVideoRecurrentCell(2, 24, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_stream_video_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def stream_packet_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class StreamPacketEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-3):
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


def stream_packet_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_stream_packet_logistic_model
total_steps = 100
base_rate = 0.2
rng = np.random.default_rng(SEED + 857)
features = rng.normal(size=(400, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
split = 300
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = StreamPacketEarlyStopping()
for step in range(total_steps):
    rate = stream_packet_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(stream_packet_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_stream_packet_logistic_model"] = float(stopper.best)


class WeeklySolarTiedAutoencoder:
    """Encodes 8 features into 3 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_weekly_solar_signals
epochs = 20
learning_rate = 0.2
rng = np.random.default_rng(SEED + 864)
basis = rng.normal(size=(3, 8))
signals = sigmoid(rng.normal(size=(200, 3))) @ basis
model = WeeklySolarTiedAutoencoder(8, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_weekly_solar_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class MobileShipmentBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 mobile_shipment images."""

    def __init__(self, images, labels, batch_size, noise=0.01, seed=0):
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


def mobile_shipment_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_mobile_shipment_image_network
epochs = 4
learning_rate = 0.1
rng = np.random.default_rng(SEED + 871)
images = rng.normal(0.5, 0.2, size=(128, 3, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = mobile_shipment_channel_statistics(images)
loader = MobileShipmentBatchLoader((images - mean) / std, labels, 32)
flat_dim = 3 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 32))
w2 = rng.normal(0.0, math.sqrt(2.0 / 32), size=(32, 2))
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
results["train_mobile_shipment_image_network"] = float(float(np.mean(losses[-len(loader):])))


class DailyEngineAdam:
    """Adam with bias correction for a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.05, beta1=0.9, beta2=0.999, eps=1e-8):
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


def daily_engine_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_daily_engine_regressor
epochs = 40
rng = np.random.default_rng(SEED + 878)
features = rng.normal(size=(256, 16))
true_weights = rng.normal(size=(16, 3))
targets = features @ true_weights + 0.1 * rng.normal(size=(256, 3))
weights = np.zeros((16, 3))
bias = np.zeros(3)
optimizer = DailyEngineAdam([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = daily_engine_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(16)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_daily_engine_regressor"] = float(mse + gap)


class StreamSessionKMeans:
    """Lloyd's algorithm over 5-dimensional stream_session readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-4):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 5))

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


# Experiment: cluster_stream_session_readings
n_clusters = 4
rng = np.random.default_rng(SEED + 885)
points, _ = make_blobs(120, 5, n_clusters, 0.6, rng)
model = StreamSessionKMeans(n_clusters).fit(points, rng)
results["cluster_stream_session_readings"] = float(model.inertia(points) / points.shape[0])


class StreamClaimGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-9):
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


# Experiment: score_stream_claim_naive_bayes
num_classes = 4
rng = np.random.default_rng(SEED + 892)
features, labels = make_blobs(150, 6, num_classes, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = StreamClaimGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_stream_claim_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def daily_video_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def daily_video_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def daily_video_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def daily_video_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_daily_video_classifier
num_classes = 3
rng = np.random.default_rng(SEED + 899)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 1.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = daily_video_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = daily_video_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = daily_video_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_daily_video_classifier"] = float(macro_f1 + auc - gap - 0.1 * daily_video_log_loss(probs, actual))


class BatchTurbineBatchNorm:
    """Batch normalisation over 32 features with running statistics for inference."""

    def __init__(self, features, momentum=0.99, eps=1e-5):
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


def batch_turbine_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_batch_turbine_dense_network
steps = 10
rng = np.random.default_rng(SEED + 906)
inputs = rng.normal(1.0, 2.0, size=(128, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 32))
w_out = rng.normal(0.0, 0.2, size=(32, 1))
norm = BatchTurbineBatchNorm(32)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = batch_turbine_dropout(hidden, 0.2, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_batch_turbine_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def nightly_vibration_im2col(images, kernel, stride, padding):
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


class NightlyVibrationConv2D:
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
        columns, out_h, out_w = nightly_vibration_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def nightly_vibration_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_nightly_vibration_images
batch_size = 6
rng = np.random.default_rng(SEED + 913)
images = rng.normal(size=(batch_size, 3, 8, 8))
conv1 = NightlyVibrationConv2D(3, 6, 3, 1, 1, rng)
conv2 = NightlyVibrationConv2D(6, 12, 3, 1, 1, rng)
hidden = nightly_vibration_max_pool(relu(conv1(images)), 2)
hidden = nightly_vibration_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 3, size=batch_size)
results["classify_nightly_vibration_images"] = float(cross_entropy(probs, one_hot(labels, 3)))


def lidar_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class LidarMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional lidar embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = lidar_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def lidar_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def lidar_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_lidar_sequences
batch_size = 8
length = 10
model_dim = 64
rng = np.random.default_rng(SEED + 920)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = LidarMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = lidar_layer_norm(hidden + attended, gamma, beta)
    hidden = lidar_layer_norm(hidden + lidar_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_lidar_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class StreamProductMLP:
    """A 4-hidden-layer perceptron for the stream_product task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else tanh_activation(z)
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
                delta = (delta @ self.weights[layer].T) * tanh_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_stream_product_mlp
epochs = 4
learning_rate = 0.2
rng = np.random.default_rng(SEED + 927)
features, labels = make_blobs(320, 16, 6, 0.8, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = StreamProductMLP([16, 32, 16, 48, 32, 6], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 6))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 6)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_stream_product_mlp"] = float(((test_accuracy, history))[0])


def weekly_lidar_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def weekly_lidar_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_weekly_lidar_softmax_regression
iterations = 30
step_size = 0.3
l2 = 0.0001
rng = np.random.default_rng(SEED + 934)
features, labels = make_blobs(180, 6, 3, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((6, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = weekly_lidar_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = weekly_lidar_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_weekly_lidar_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class BatchGenomeMLP:
    """A 1-hidden-layer perceptron for the batch_genome task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else relu(z)
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
                delta = (delta @ self.weights[layer].T) * relu_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_batch_genome_mlp
epochs = 5
learning_rate = 0.005
rng = np.random.default_rng(SEED + 941)
features, labels = make_blobs(320, 24, 5, 0.8, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = BatchGenomeMLP([24, 48, 5], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 5))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 5)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_batch_genome_mlp"] = float(((test_accuracy, history))[0])


class HourlyUserGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-9):
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


# Experiment: score_hourly_user_naive_bayes
num_classes = 2
rng = np.random.default_rng(SEED + 948)
features, labels = make_blobs(300, 4, num_classes, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = HourlyUserGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_hourly_user_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class PilotSessionRecurrentCell:
    """A tanh recurrent cell with a 8-dimensional state."""

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


# Experiment: forecast_pilot_session_series
steps = 20
rng = np.random.default_rng(SEED + 955)
time = np.arange(steps + 1) * 0.1
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = PilotSessionRecurrentCell(2, 8, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_pilot_session_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


class NoisyCropTiedAutoencoder:
    """Encodes 16 features into 3 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_noisy_crop_signals
epochs = 20
learning_rate = 0.1
rng = np.random.default_rng(SEED + 962)
basis = rng.normal(size=(3, 16))
signals = sigmoid(rng.normal(size=(200, 3))) @ basis
model = NoisyCropTiedAutoencoder(16, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_noisy_crop_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def noisy_credit_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def noisy_credit_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_noisy_credit_softmax_regression
iterations = 20
step_size = 0.5
l2 = 0.0001
rng = np.random.default_rng(SEED + 969)
features, labels = make_blobs(240, 4, 5, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((4, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = noisy_credit_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = noisy_credit_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_noisy_credit_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def pilot_video_im2col(images, kernel, stride, padding):
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


class PilotVideoConv2D:
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
        columns, out_h, out_w = pilot_video_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def pilot_video_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_pilot_video_images
batch_size = 6
rng = np.random.default_rng(SEED + 976)
images = rng.normal(size=(batch_size, 1, 16, 16))
conv1 = PilotVideoConv2D(1, 6, 3, 1, 1, rng)
conv2 = PilotVideoConv2D(6, 8, 3, 1, 1, rng)
hidden = pilot_video_max_pool(relu(conv1(images)), 2)
hidden = pilot_video_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 3, size=batch_size)
results["classify_pilot_video_images"] = float(cross_entropy(probs, one_hot(labels, 3)))


def daily_audio_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def daily_audio_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def daily_audio_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def daily_audio_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_daily_audio_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 983)
actual = rng.integers(0, num_classes, size=100)
logits = rng.normal(size=(100, num_classes))
logits[np.arange(100), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = daily_audio_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = daily_audio_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = daily_audio_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_daily_audio_classifier"] = float(macro_f1 + auc - gap - 0.1 * daily_audio_log_loss(probs, actual))


def noisy_review_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def noisy_review_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_noisy_review_text_classifier
epochs = 5
learning_rate = 1.0
rng = np.random.default_rng(SEED + 990)
vocab_size, embed_dim, num_classes = 50, 32, 2
token_ids = noisy_review_pad_sequences(rng.integers(1, vocab_size, size=(64, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = noisy_review_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_noisy_review_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class DailyInvoiceBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 daily_invoice images."""

    def __init__(self, images, labels, batch_size, noise=0.1, seed=0):
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


def daily_invoice_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_daily_invoice_image_network
epochs = 4
learning_rate = 0.01
rng = np.random.default_rng(SEED + 997)
images = rng.normal(0.5, 0.2, size=(64, 3, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = daily_invoice_channel_statistics(images)
loader = DailyInvoiceBatchLoader((images - mean) / std, labels, 32)
flat_dim = 3 * 4 * 4
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
results["train_daily_invoice_image_network"] = float(float(np.mean(losses[-len(loader):])))


def stream_energy_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class StreamEnergyEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=5, min_delta=1e-3):
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


def stream_energy_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_stream_energy_logistic_model
total_steps = 100
base_rate = 0.5
rng = np.random.default_rng(SEED + 1004)
features = rng.normal(size=(400, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
split = 300
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = StreamEnergyEarlyStopping()
for step in range(total_steps):
    rate = stream_energy_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(stream_energy_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_stream_energy_logistic_model"] = float(stopper.best)


class NightlyLidarMomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.05, momentum=0.95):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated


def nightly_lidar_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_nightly_lidar_regressor
epochs = 20
rng = np.random.default_rng(SEED + 1011)
features = rng.normal(size=(128, 16))
true_weights = rng.normal(size=(16, 1))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 1))
weights = np.zeros((16, 1))
bias = np.zeros(1)
optimizer = NightlyLidarMomentumSGD([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = nightly_lidar_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(16)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_nightly_lidar_regressor"] = float(mse + gap)


class FlightBatchNorm:
    """Batch normalisation over 48 features with running statistics for inference."""

    def __init__(self, features, momentum=0.95, eps=1e-5):
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


def flight_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_flight_dense_network
steps = 10
rng = np.random.default_rng(SEED + 1018)
inputs = rng.normal(1.0, 2.0, size=(128, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 48))
w_out = rng.normal(0.0, 0.2, size=(48, 8))
norm = FlightBatchNorm(48)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = flight_dropout(hidden, 0.5, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_flight_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def clean_eeg_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class CleanEegMultiHeadAttention:
    """Self-attention with 4 heads over 32-dimensional clean_eeg embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = clean_eeg_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def clean_eeg_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def clean_eeg_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_clean_eeg_sequences
batch_size = 8
length = 10
model_dim = 32
rng = np.random.default_rng(SEED + 1025)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = CleanEegMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(1):
    attended, weights = attention(hidden)
    hidden = clean_eeg_layer_norm(hidden + attended, gamma, beta)
    hidden = clean_eeg_layer_norm(hidden + clean_eeg_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_clean_eeg_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class RegionalSalesKMeans:
    """Lloyd's algorithm over 5-dimensional regional_sales readings."""

    def __init__(self, n_clusters, max_iterations=20, tolerance=1e-3):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 5))

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


# Experiment: cluster_regional_sales_readings
n_clusters = 6
rng = np.random.default_rng(SEED + 1032)
points, _ = make_blobs(120, 5, n_clusters, 0.6, rng)
model = RegionalSalesKMeans(n_clusters).fit(points, rng)
results["cluster_regional_sales_readings"] = float(model.inertia(points) / points.shape[0])


def regional_engine_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def regional_engine_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_regional_engine_features
n_components = 2
rng = np.random.default_rng(SEED + 1039)
latent = rng.normal(size=(150, 2))
mixing = rng.normal(size=(2, 8))
data = latent @ mixing + 0.05 * rng.normal(size=(150, 8))
components, explained = regional_engine_principal_components(data, n_components)
projected, reconstruction = regional_engine_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_regional_engine_features"] = float(float(explained.sum()) - error - agreement)


def nightly_inventory_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def nightly_inventory_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_nightly_inventory_softmax_regression
iterations = 20
step_size = 0.3
l2 = 0.01
rng = np.random.default_rng(SEED + 1046)
features, labels = make_blobs(180, 10, 3, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((10, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = nightly_inventory_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = nightly_inventory_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_nightly_inventory_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class BatchPacketRecurrentCell:
    """A tanh recurrent cell with a 16-dimensional state."""

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


# Experiment: forecast_batch_packet_series
steps = 30
rng = np.random.default_rng(SEED + 1053)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = BatchPacketRecurrentCell(2, 16, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_batch_packet_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def legacy_sales_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def legacy_sales_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_legacy_sales_features
n_components = 2
rng = np.random.default_rng(SEED + 1060)
latent = rng.normal(size=(150, 2))
mixing = rng.normal(size=(2, 16))
data = latent @ mixing + 0.05 * rng.normal(size=(150, 16))
components, explained = legacy_sales_principal_components(data, n_components)
projected, reconstruction = legacy_sales_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_legacy_sales_features"] = float(float(explained.sum()) - error - agreement)


class MobileSalesKMeans:
    """Lloyd's algorithm over 8-dimensional mobile_sales readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-3):
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


# Experiment: cluster_mobile_sales_readings
n_clusters = 4
rng = np.random.default_rng(SEED + 1067)
points, _ = make_blobs(200, 8, n_clusters, 0.6, rng)
model = MobileSalesKMeans(n_clusters).fit(points, rng)
results["cluster_mobile_sales_readings"] = float(model.inertia(points) / points.shape[0])


class LegacyChurnGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-9):
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


# Experiment: score_legacy_churn_naive_bayes
num_classes = 2
rng = np.random.default_rng(SEED + 1074)
features, labels = make_blobs(150, 9, num_classes, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = LegacyChurnGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_legacy_churn_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def nightly_radar_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def nightly_radar_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_nightly_radar_text_classifier
epochs = 20
learning_rate = 2.0
rng = np.random.default_rng(SEED + 1081)
vocab_size, embed_dim, num_classes = 100, 16, 4
token_ids = nightly_radar_pad_sequences(rng.integers(1, vocab_size, size=(128, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = nightly_radar_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_nightly_radar_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class SparseCreditAdam:
    """Adam with bias correction for a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.05, beta1=0.9, beta2=0.999, eps=1e-8):
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


def sparse_credit_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_sparse_credit_regressor
epochs = 60
rng = np.random.default_rng(SEED + 1088)
features = rng.normal(size=(128, 16))
true_weights = rng.normal(size=(16, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 2))
weights = np.zeros((16, 2))
bias = np.zeros(2)
optimizer = SparseCreditAdam([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = sparse_credit_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(16)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_sparse_credit_regressor"] = float(mse + gap)


class SparseProteinTiedAutoencoder:
    """Encodes 12 features into 4 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_sparse_protein_signals
epochs = 50
learning_rate = 0.2
rng = np.random.default_rng(SEED + 1095)
basis = rng.normal(size=(4, 12))
signals = sigmoid(rng.normal(size=(200, 4))) @ basis
model = SparseProteinTiedAutoencoder(12, 4, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_sparse_protein_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def regional_credit_im2col(images, kernel, stride, padding):
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


class RegionalCreditConv2D:
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
        columns, out_h, out_w = regional_credit_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def regional_credit_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_regional_credit_images
batch_size = 4
rng = np.random.default_rng(SEED + 1102)
images = rng.normal(size=(batch_size, 3, 8, 8))
conv1 = RegionalCreditConv2D(3, 8, 3, 1, 1, rng)
conv2 = RegionalCreditConv2D(8, 12, 3, 1, 1, rng)
hidden = regional_credit_max_pool(relu(conv1(images)), 2)
hidden = regional_credit_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 3, size=batch_size)
results["classify_regional_credit_images"] = float(cross_entropy(probs, one_hot(labels, 3)))


def weekly_ecg_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class WeeklyEcgEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-3):
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


def weekly_ecg_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_weekly_ecg_logistic_model
total_steps = 100
base_rate = 0.2
rng = np.random.default_rng(SEED + 1109)
features = rng.normal(size=(200, 10))
direction = rng.normal(size=10)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(10)
stopper = WeeklyEcgEarlyStopping()
for step in range(total_steps):
    rate = weekly_ecg_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(weekly_ecg_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_weekly_ecg_logistic_model"] = float(stopper.best)


class DailySeismicBatchNorm:
    """Batch normalisation over 48 features with running statistics for inference."""

    def __init__(self, features, momentum=0.9, eps=1e-5):
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


def daily_seismic_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_daily_seismic_dense_network
steps = 20
rng = np.random.default_rng(SEED + 1116)
inputs = rng.normal(1.0, 2.0, size=(256, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 48))
w_out = rng.normal(0.0, 0.2, size=(48, 4))
norm = DailySeismicBatchNorm(48)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = daily_seismic_dropout(hidden, 0.2, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_daily_seismic_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def stream_traffic_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def stream_traffic_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def stream_traffic_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def stream_traffic_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_stream_traffic_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 1123)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 2.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = stream_traffic_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = stream_traffic_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = stream_traffic_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_stream_traffic_classifier"] = float(macro_f1 + auc - gap - 0.1 * stream_traffic_log_loss(probs, actual))


class ClickBatchLoader:
    """Yields shuffled, augmented minibatches of 1x6x6 click images."""

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


def click_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_click_image_network
epochs = 2
learning_rate = 0.01
rng = np.random.default_rng(SEED + 1130)
images = rng.normal(0.5, 0.2, size=(64, 1, 6, 6))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = click_channel_statistics(images)
loader = ClickBatchLoader((images - mean) / std, labels, 32)
flat_dim = 1 * 6 * 6
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 32))
w2 = rng.normal(0.0, math.sqrt(2.0 / 32), size=(32, 2))
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
results["train_click_image_network"] = float(float(np.mean(losses[-len(loader):])))


def legacy_fraud_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class LegacyFraudMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional legacy_fraud embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = legacy_fraud_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def legacy_fraud_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def legacy_fraud_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_legacy_fraud_sequences
batch_size = 2
length = 6
model_dim = 64
rng = np.random.default_rng(SEED + 1137)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = LegacyFraudMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = legacy_fraud_layer_norm(hidden + attended, gamma, beta)
    hidden = legacy_fraud_layer_norm(hidden + legacy_fraud_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_legacy_fraud_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class DailyTrafficMLP:
    """A 3-hidden-layer perceptron for the daily_traffic task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else tanh_activation(z)
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
                delta = (delta @ self.weights[layer].T) * tanh_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_daily_traffic_mlp
epochs = 5
learning_rate = 0.1
rng = np.random.default_rng(SEED + 1144)
features, labels = make_blobs(160, 20, 5, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = DailyTrafficMLP([20, 48, 16, 64, 5], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 5))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 5)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_daily_traffic_mlp"] = float(((test_accuracy, history))[0])


class PilotCreditAdam:
    """Adam with bias correction for a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.01, beta1=0.9, beta2=0.999, eps=1e-8):
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


def pilot_credit_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_pilot_credit_regressor
epochs = 40
rng = np.random.default_rng(SEED + 1151)
features = rng.normal(size=(256, 4))
true_weights = rng.normal(size=(4, 3))
targets = features @ true_weights + 0.1 * rng.normal(size=(256, 3))
weights = np.zeros((4, 3))
bias = np.zeros(3)
optimizer = PilotCreditAdam([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = pilot_credit_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(4)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_pilot_credit_regressor"] = float(mse + gap)


class NightlyInvoiceGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-6):
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


# Experiment: score_nightly_invoice_naive_bayes
num_classes = 3
rng = np.random.default_rng(SEED + 1158)
features, labels = make_blobs(150, 2, num_classes, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = NightlyInvoiceGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_nightly_invoice_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class NoisyUserRecurrentCell:
    """A tanh recurrent cell with a 24-dimensional state."""

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


# Experiment: forecast_noisy_user_series
steps = 30
rng = np.random.default_rng(SEED + 1165)
time = np.arange(steps + 1) * 0.1
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = NoisyUserRecurrentCell(2, 24, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_noisy_user_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


class HourlyDocumentTiedAutoencoder:
    """Encodes 16 features into 4 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_hourly_document_signals
epochs = 20
learning_rate = 0.1
rng = np.random.default_rng(SEED + 1172)
basis = rng.normal(size=(4, 16))
signals = sigmoid(rng.normal(size=(100, 4))) @ basis
model = HourlyDocumentTiedAutoencoder(16, 4, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_hourly_document_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def speech_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def speech_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_speech_softmax_regression
iterations = 50
step_size = 0.3
l2 = 0.001
rng = np.random.default_rng(SEED + 1179)
features, labels = make_blobs(240, 10, 3, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((10, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = speech_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = speech_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_speech_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class BatchPixelBatchNorm:
    """Batch normalisation over 32 features with running statistics for inference."""

    def __init__(self, features, momentum=0.99, eps=1e-5):
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


def batch_pixel_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_batch_pixel_dense_network
steps = 10
rng = np.random.default_rng(SEED + 1186)
inputs = rng.normal(1.0, 2.0, size=(256, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 32))
w_out = rng.normal(0.0, 0.2, size=(32, 1))
norm = BatchPixelBatchNorm(32)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = batch_pixel_dropout(hidden, 0.5, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_batch_pixel_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def batch_vibration_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def batch_vibration_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_batch_vibration_text_classifier
epochs = 10
learning_rate = 0.5
rng = np.random.default_rng(SEED + 1193)
vocab_size, embed_dim, num_classes = 50, 8, 4
token_ids = batch_vibration_pad_sequences(rng.integers(1, vocab_size, size=(128, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = batch_vibration_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_batch_vibration_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def legacy_genome_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def legacy_genome_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_legacy_genome_features
n_components = 3
rng = np.random.default_rng(SEED + 1200)
latent = rng.normal(size=(200, 3))
mixing = rng.normal(size=(3, 6))
data = latent @ mixing + 0.1 * rng.normal(size=(200, 6))
components, explained = legacy_genome_principal_components(data, n_components)
projected, reconstruction = legacy_genome_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_legacy_genome_features"] = float(float(explained.sum()) - error - agreement)


def regional_lidar_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def regional_lidar_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def regional_lidar_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def regional_lidar_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_regional_lidar_classifier
num_classes = 6
rng = np.random.default_rng(SEED + 1207)
actual = rng.integers(0, num_classes, size=100)
logits = rng.normal(size=(100, num_classes))
logits[np.arange(100), actual] += 2.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = regional_lidar_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = regional_lidar_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = regional_lidar_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_regional_lidar_classifier"] = float(macro_f1 + auc - gap - 0.1 * regional_lidar_log_loss(probs, actual))


def holdout_credit_im2col(images, kernel, stride, padding):
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


class HoldoutCreditConv2D:
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
        columns, out_h, out_w = holdout_credit_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def holdout_credit_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_holdout_credit_images
batch_size = 2
rng = np.random.default_rng(SEED + 1214)
images = rng.normal(size=(batch_size, 1, 8, 8))
conv1 = HoldoutCreditConv2D(1, 6, 3, 1, 1, rng)
conv2 = HoldoutCreditConv2D(6, 16, 3, 1, 1, rng)
hidden = holdout_credit_max_pool(relu(conv1(images)), 2)
hidden = holdout_credit_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 10, size=batch_size)
results["classify_holdout_credit_images"] = float(cross_entropy(probs, one_hot(labels, 10)))


class DailyEcgMLP:
    """A 1-hidden-layer perceptron for the daily_ecg task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else relu(z)
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
                delta = (delta @ self.weights[layer].T) * relu_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_daily_ecg_mlp
epochs = 5
learning_rate = 0.005
rng = np.random.default_rng(SEED + 1221)
features, labels = make_blobs(200, 16, 4, 0.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = DailyEcgMLP([16, 16, 4], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_daily_ecg_mlp"] = float(((test_accuracy, history))[0])


class DailyLidarBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 daily_lidar images."""

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


def daily_lidar_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_daily_lidar_image_network
epochs = 2
learning_rate = 0.05
rng = np.random.default_rng(SEED + 1228)
images = rng.normal(0.5, 0.2, size=(64, 3, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = daily_lidar_channel_statistics(images)
loader = DailyLidarBatchLoader((images - mean) / std, labels, 32)
flat_dim = 3 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 32))
w2 = rng.normal(0.0, math.sqrt(2.0 / 32), size=(32, 2))
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
results["train_daily_lidar_image_network"] = float(float(np.mean(losses[-len(loader):])))


class DenseSatelliteKMeans:
    """Lloyd's algorithm over 8-dimensional dense_satellite readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-4):
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


# Experiment: cluster_dense_satellite_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 1235)
points, _ = make_blobs(300, 8, n_clusters, 0.4, rng)
model = DenseSatelliteKMeans(n_clusters).fit(points, rng)
results["cluster_dense_satellite_readings"] = float(model.inertia(points) / points.shape[0])


def sparse_crop_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class SparseCropMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional sparse_crop embeddings."""

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
        context, weights = sparse_crop_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def sparse_crop_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def sparse_crop_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_sparse_crop_sequences
batch_size = 4
length = 6
model_dim = 32
rng = np.random.default_rng(SEED + 1242)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = SparseCropMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(1):
    attended, weights = attention(hidden)
    hidden = sparse_crop_layer_norm(hidden + attended, gamma, beta)
    hidden = sparse_crop_layer_norm(hidden + sparse_crop_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_sparse_crop_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def hourly_soil_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class HourlySoilEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-4):
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


def hourly_soil_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_hourly_soil_logistic_model
total_steps = 60
base_rate = 1.0
rng = np.random.default_rng(SEED + 1249)
features = rng.normal(size=(200, 20))
direction = rng.normal(size=20)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(20)
stopper = HourlySoilEarlyStopping()
for step in range(total_steps):
    rate = hourly_soil_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(hourly_soil_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_hourly_soil_logistic_model"] = float(stopper.best)


def pilot_galaxy_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def pilot_galaxy_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_pilot_galaxy_features
n_components = 2
rng = np.random.default_rng(SEED + 1256)
latent = rng.normal(size=(100, 2))
mixing = rng.normal(size=(2, 12))
data = latent @ mixing + 0.05 * rng.normal(size=(100, 12))
components, explained = pilot_galaxy_principal_components(data, n_components)
projected, reconstruction = pilot_galaxy_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_pilot_galaxy_features"] = float(float(explained.sum()) - error - agreement)


class PilotPatientBatchNorm:
    """Batch normalisation over 32 features with running statistics for inference."""

    def __init__(self, features, momentum=0.95, eps=1e-5):
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


def pilot_patient_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_pilot_patient_dense_network
steps = 20
rng = np.random.default_rng(SEED + 1263)
inputs = rng.normal(1.0, 2.0, size=(256, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 32))
w_out = rng.normal(0.0, 0.2, size=(32, 8))
norm = PilotPatientBatchNorm(32)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = pilot_patient_dropout(hidden, 0.1, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_pilot_patient_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


class DenseTurbineRMSProp:
    """RMSProp: per-coordinate step sizes from a running mean of squared gradients."""

    def __init__(self, shapes, learning_rate=0.05, decay=0.9, eps=1e-8):
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


def dense_turbine_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_dense_turbine_regressor
epochs = 20
rng = np.random.default_rng(SEED + 1270)
features = rng.normal(size=(128, 8))
true_weights = rng.normal(size=(8, 1))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 1))
weights = np.zeros((8, 1))
bias = np.zeros(1)
optimizer = DenseTurbineRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = dense_turbine_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(8)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_dense_turbine_regressor"] = float(mse + gap)


def holdout_protein_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def holdout_protein_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def holdout_protein_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def holdout_protein_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_holdout_protein_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 1277)
actual = rng.integers(0, num_classes, size=100)
logits = rng.normal(size=(100, num_classes))
logits[np.arange(100), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = holdout_protein_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = holdout_protein_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = holdout_protein_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_holdout_protein_classifier"] = float(macro_f1 + auc - gap - 0.1 * holdout_protein_log_loss(probs, actual))


class RegionalPixelKMeans:
    """Lloyd's algorithm over 2-dimensional regional_pixel readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-3):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 2))

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


# Experiment: cluster_regional_pixel_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 1284)
points, _ = make_blobs(300, 2, n_clusters, 0.4, rng)
model = RegionalPixelKMeans(n_clusters).fit(points, rng)
results["cluster_regional_pixel_readings"] = float(model.inertia(points) / points.shape[0])


def sparse_energy_im2col(images, kernel, stride, padding):
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


class SparseEnergyConv2D:
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
        columns, out_h, out_w = sparse_energy_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def sparse_energy_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_sparse_energy_images
batch_size = 6
rng = np.random.default_rng(SEED + 1291)
images = rng.normal(size=(batch_size, 1, 16, 16))
conv1 = SparseEnergyConv2D(1, 8, 3, 1, 1, rng)
conv2 = SparseEnergyConv2D(8, 8, 3, 1, 1, rng)
hidden = sparse_energy_max_pool(relu(conv1(images)), 2)
hidden = sparse_energy_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 10, size=batch_size)
results["classify_sparse_energy_images"] = float(cross_entropy(probs, one_hot(labels, 10)))


def noisy_speech_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class NoisySpeechEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-3):
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


def noisy_speech_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_noisy_speech_logistic_model
total_steps = 40
base_rate = 0.2
rng = np.random.default_rng(SEED + 1298)
features = rng.normal(size=(300, 10))
direction = rng.normal(size=10)
labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
split = 225
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(10)
stopper = NoisySpeechEarlyStopping()
for step in range(total_steps):
    rate = noisy_speech_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(noisy_speech_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_noisy_speech_logistic_model"] = float(stopper.best)


class RegionalFlightBatchLoader:
    """Yields shuffled, augmented minibatches of 3x8x8 regional_flight images."""

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


def regional_flight_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_regional_flight_image_network
epochs = 2
learning_rate = 0.1
rng = np.random.default_rng(SEED + 1305)
images = rng.normal(0.5, 0.2, size=(128, 3, 8, 8))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = regional_flight_channel_statistics(images)
loader = RegionalFlightBatchLoader((images - mean) / std, labels, 32)
flat_dim = 3 * 8 * 8
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 32))
w2 = rng.normal(0.0, math.sqrt(2.0 / 32), size=(32, 2))
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
results["train_regional_flight_image_network"] = float(float(np.mean(losses[-len(loader):])))


class DenseAudioTiedAutoencoder:
    """Encodes 12 features into 4 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_dense_audio_signals
epochs = 50
learning_rate = 0.2
rng = np.random.default_rng(SEED + 1312)
basis = rng.normal(size=(4, 12))
signals = sigmoid(rng.normal(size=(200, 4))) @ basis
model = DenseAudioTiedAutoencoder(12, 4, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_dense_audio_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def hourly_stock_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def hourly_stock_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_hourly_stock_softmax_regression
iterations = 20
step_size = 0.5
l2 = 0.001
rng = np.random.default_rng(SEED + 1319)
features, labels = make_blobs(150, 4, 3, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((4, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = hourly_stock_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = hourly_stock_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_hourly_stock_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def regional_turbine_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class RegionalTurbineMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional regional_turbine embeddings."""

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
        context, weights = regional_turbine_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def regional_turbine_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def regional_turbine_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_regional_turbine_sequences
batch_size = 8
length = 6
model_dim = 64
rng = np.random.default_rng(SEED + 1326)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = RegionalTurbineMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = regional_turbine_layer_norm(hidden + attended, gamma, beta)
    hidden = regional_turbine_layer_norm(hidden + regional_turbine_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_regional_turbine_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class BatchEngineGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-3):
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


# Experiment: score_batch_engine_naive_bayes
num_classes = 2
rng = np.random.default_rng(SEED + 1333)
features, labels = make_blobs(240, 4, num_classes, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = BatchEngineGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_batch_engine_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def pilot_ecg_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def pilot_ecg_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_pilot_ecg_text_classifier
epochs = 10
learning_rate = 0.5
rng = np.random.default_rng(SEED + 1340)
vocab_size, embed_dim, num_classes = 100, 16, 4
token_ids = pilot_ecg_pad_sequences(rng.integers(1, vocab_size, size=(128, 20)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = pilot_ecg_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_pilot_ecg_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class RegionalProteinRecurrentCell:
    """A tanh recurrent cell with a 16-dimensional state."""

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


# Experiment: forecast_regional_protein_series
steps = 30
rng = np.random.default_rng(SEED + 1347)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = RegionalProteinRecurrentCell(2, 16, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_regional_protein_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


class PatientMLP:
    """A 1-hidden-layer perceptron for the patient task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else relu(z)
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
                delta = (delta @ self.weights[layer].T) * relu_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_patient_mlp
epochs = 2
learning_rate = 0.005
rng = np.random.default_rng(SEED + 1354)
features, labels = make_blobs(240, 12, 2, 0.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = PatientMLP([12, 24, 2], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 2))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 2)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_patient_mlp"] = float(((test_accuracy, history))[0])


class DenseMoleculeGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-3):
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


# Experiment: score_dense_molecule_naive_bayes
num_classes = 2
rng = np.random.default_rng(SEED + 1361)
features, labels = make_blobs(150, 2, num_classes, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = DenseMoleculeGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_dense_molecule_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class HourlyShipmentBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 hourly_shipment images."""

    def __init__(self, images, labels, batch_size, noise=0.01, seed=0):
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


def hourly_shipment_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_hourly_shipment_image_network
epochs = 2
learning_rate = 0.01
rng = np.random.default_rng(SEED + 1368)
images = rng.normal(0.5, 0.2, size=(96, 1, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = hourly_shipment_channel_statistics(images)
loader = HourlyShipmentBatchLoader((images - mean) / std, labels, 32)
flat_dim = 1 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 32))
w2 = rng.normal(0.0, math.sqrt(2.0 / 32), size=(32, 2))
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
results["train_hourly_shipment_image_network"] = float(float(np.mean(losses[-len(loader):])))


class StreamInvoiceKMeans:
    """Lloyd's algorithm over 8-dimensional stream_invoice readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-3):
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


# Experiment: cluster_stream_invoice_readings
n_clusters = 6
rng = np.random.default_rng(SEED + 1375)
points, _ = make_blobs(120, 8, n_clusters, 0.4, rng)
model = StreamInvoiceKMeans(n_clusters).fit(points, rng)
results["cluster_stream_invoice_readings"] = float(model.inertia(points) / points.shape[0])


class NightlyTurbineRecurrentCell:
    """A tanh recurrent cell with a 8-dimensional state."""

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


# Experiment: forecast_nightly_turbine_series
steps = 12
rng = np.random.default_rng(SEED + 1382)
time = np.arange(steps + 1) * 0.1
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = NightlyTurbineRecurrentCell(2, 8, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_nightly_turbine_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


class NoisyGenomeTiedAutoencoder:
    """Encodes 8 features into 2 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_noisy_genome_signals
epochs = 20
learning_rate = 0.2
rng = np.random.default_rng(SEED + 1389)
basis = rng.normal(size=(2, 8))
signals = sigmoid(rng.normal(size=(200, 2))) @ basis
model = NoisyGenomeTiedAutoencoder(8, 2, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_noisy_genome_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def stream_crop_im2col(images, kernel, stride, padding):
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


class StreamCropConv2D:
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
        columns, out_h, out_w = stream_crop_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def stream_crop_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_stream_crop_images
batch_size = 6
rng = np.random.default_rng(SEED + 1396)
images = rng.normal(size=(batch_size, 3, 12, 12))
conv1 = StreamCropConv2D(3, 6, 3, 1, 1, rng)
conv2 = StreamCropConv2D(6, 16, 3, 1, 1, rng)
hidden = stream_crop_max_pool(relu(conv1(images)), 2)
hidden = stream_crop_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_stream_crop_images"] = float(cross_entropy(probs, one_hot(labels, 5)))


def stream_ecg_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def stream_ecg_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_stream_ecg_text_classifier
epochs = 10
learning_rate = 2.0
rng = np.random.default_rng(SEED + 1403)
vocab_size, embed_dim, num_classes = 500, 8, 4
token_ids = stream_ecg_pad_sequences(rng.integers(1, vocab_size, size=(200, 12)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = stream_ecg_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_stream_ecg_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def holdout_radar_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class HoldoutRadarEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=5, min_delta=1e-4):
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


def holdout_radar_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_holdout_radar_logistic_model
total_steps = 60
base_rate = 0.5
rng = np.random.default_rng(SEED + 1410)
features = rng.normal(size=(300, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
split = 225
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = HoldoutRadarEarlyStopping()
for step in range(total_steps):
    rate = holdout_radar_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(holdout_radar_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_holdout_radar_logistic_model"] = float(stopper.best)


def mobile_credit_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def mobile_credit_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_mobile_credit_softmax_regression
iterations = 50
step_size = 0.1
l2 = 0.0001
rng = np.random.default_rng(SEED + 1417)
features, labels = make_blobs(240, 4, 5, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((4, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = mobile_credit_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = mobile_credit_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_mobile_credit_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class MobileSatelliteBatchNorm:
    """Batch normalisation over 48 features with running statistics for inference."""

    def __init__(self, features, momentum=0.99, eps=1e-5):
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


def mobile_satellite_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_mobile_satellite_dense_network
steps = 10
rng = np.random.default_rng(SEED + 1424)
inputs = rng.normal(1.0, 2.0, size=(128, 16))
w_hidden = rng.normal(0.0, 0.2, size=(16, 48))
w_out = rng.normal(0.0, 0.2, size=(48, 4))
norm = MobileSatelliteBatchNorm(48)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = mobile_satellite_dropout(hidden, 0.5, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_mobile_satellite_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


class MobileMarketRMSProp:
    """RMSProp: per-coordinate step sizes from a running mean of squared gradients."""

    def __init__(self, shapes, learning_rate=0.01, decay=0.99, eps=1e-8):
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


def mobile_market_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_mobile_market_regressor
epochs = 20
rng = np.random.default_rng(SEED + 1431)
features = rng.normal(size=(64, 16))
true_weights = rng.normal(size=(16, 1))
targets = features @ true_weights + 0.1 * rng.normal(size=(64, 1))
weights = np.zeros((16, 1))
bias = np.zeros(1)
optimizer = MobileMarketRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = mobile_market_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(16)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_mobile_market_regressor"] = float(mse + gap)


def pilot_solar_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def pilot_solar_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def pilot_solar_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def pilot_solar_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_pilot_solar_classifier
num_classes = 3
rng = np.random.default_rng(SEED + 1438)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 0.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = pilot_solar_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = pilot_solar_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = pilot_solar_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_pilot_solar_classifier"] = float(macro_f1 + auc - gap - 0.1 * pilot_solar_log_loss(probs, actual))


class RegionalSensorMLP:
    """A 2-hidden-layer perceptron for the regional_sensor task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else sigmoid(z)
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
                delta = (delta @ self.weights[layer].T) * sigmoid_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_regional_sensor_mlp
epochs = 3
learning_rate = 0.2
rng = np.random.default_rng(SEED + 1445)
features, labels = make_blobs(160, 8, 5, 0.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = RegionalSensorMLP([8, 16, 16, 5], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 5))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 5)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_regional_sensor_mlp"] = float(((test_accuracy, history))[0])


def noisy_audio_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class NoisyAudioMultiHeadAttention:
    """Self-attention with 2 heads over 16-dimensional noisy_audio embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = noisy_audio_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def noisy_audio_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def noisy_audio_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_noisy_audio_sequences
batch_size = 4
length = 10
model_dim = 16
rng = np.random.default_rng(SEED + 1452)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = NoisyAudioMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = noisy_audio_layer_norm(hidden + attended, gamma, beta)
    hidden = noisy_audio_layer_norm(hidden + noisy_audio_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_noisy_audio_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def daily_molecule_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def daily_molecule_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_daily_molecule_features
n_components = 3
rng = np.random.default_rng(SEED + 1459)
latent = rng.normal(size=(100, 3))
mixing = rng.normal(size=(3, 16))
data = latent @ mixing + 0.01 * rng.normal(size=(100, 16))
components, explained = daily_molecule_principal_components(data, n_components)
projected, reconstruction = daily_molecule_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_daily_molecule_features"] = float(float(explained.sum()) - error - agreement)


def noisy_stock_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def noisy_stock_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_noisy_stock_softmax_regression
iterations = 30
step_size = 0.3
l2 = 0.0001
rng = np.random.default_rng(SEED + 1466)
features, labels = make_blobs(240, 4, 3, 0.7, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((4, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = noisy_stock_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = noisy_stock_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_noisy_stock_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class DenseProductTiedAutoencoder:
    """Encodes 8 features into 3 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_dense_product_signals
epochs = 20
learning_rate = 0.05
rng = np.random.default_rng(SEED + 1473)
basis = rng.normal(size=(3, 8))
signals = sigmoid(rng.normal(size=(200, 3))) @ basis
model = DenseProductTiedAutoencoder(8, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_dense_product_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class HoldoutInvoiceMLP:
    """A 3-hidden-layer perceptron for the holdout_invoice task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else tanh_activation(z)
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
                delta = (delta @ self.weights[layer].T) * tanh_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_holdout_invoice_mlp
epochs = 2
learning_rate = 0.005
rng = np.random.default_rng(SEED + 1480)
features, labels = make_blobs(200, 12, 3, 0.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = HoldoutInvoiceMLP([12, 64, 64, 64, 3], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_holdout_invoice_mlp"] = float(((test_accuracy, history))[0])


class DailyServerBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 daily_server images."""

    def __init__(self, images, labels, batch_size, noise=0.01, seed=0):
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


def daily_server_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_daily_server_image_network
epochs = 2
learning_rate = 0.01
rng = np.random.default_rng(SEED + 1487)
images = rng.normal(0.5, 0.2, size=(128, 1, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = daily_server_channel_statistics(images)
loader = DailyServerBatchLoader((images - mean) / std, labels, 16)
flat_dim = 1 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 32))
w2 = rng.normal(0.0, math.sqrt(2.0 / 32), size=(32, 2))
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
results["train_daily_server_image_network"] = float(float(np.mean(losses[-len(loader):])))


def holdout_churn_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class HoldoutChurnMultiHeadAttention:
    """Self-attention with 2 heads over 8-dimensional holdout_churn embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = holdout_churn_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def holdout_churn_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def holdout_churn_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_holdout_churn_sequences
batch_size = 8
length = 10
model_dim = 8
rng = np.random.default_rng(SEED + 1494)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = HoldoutChurnMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 16))
w_out = rng.normal(0.0, 0.1, size=(16, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = holdout_churn_layer_norm(hidden + attended, gamma, beta)
    hidden = holdout_churn_layer_norm(hidden + holdout_churn_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_holdout_churn_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class DenseChurnBatchNorm:
    """Batch normalisation over 32 features with running statistics for inference."""

    def __init__(self, features, momentum=0.99, eps=1e-5):
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


def dense_churn_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_dense_churn_dense_network
steps = 10
rng = np.random.default_rng(SEED + 1501)
inputs = rng.normal(1.0, 2.0, size=(128, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 32))
w_out = rng.normal(0.0, 0.2, size=(32, 4))
norm = DenseChurnBatchNorm(32)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = dense_churn_dropout(hidden, 0.1, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_dense_churn_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


class DenseLoanRecurrentCell:
    """A tanh recurrent cell with a 8-dimensional state."""

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


# Experiment: forecast_dense_loan_series
steps = 20
rng = np.random.default_rng(SEED + 1508)
time = np.arange(steps + 1) * 0.3
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = DenseLoanRecurrentCell(2, 8, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_dense_loan_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def weekly_molecule_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def weekly_molecule_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def weekly_molecule_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def weekly_molecule_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_weekly_molecule_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 1515)
actual = rng.integers(0, num_classes, size=100)
logits = rng.normal(size=(100, num_classes))
logits[np.arange(100), actual] += 2.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = weekly_molecule_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = weekly_molecule_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = weekly_molecule_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_weekly_molecule_classifier"] = float(macro_f1 + auc - gap - 0.1 * weekly_molecule_log_loss(probs, actual))


class NoisyPatientKMeans:
    """Lloyd's algorithm over 5-dimensional noisy_patient readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-5):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 5))

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


# Experiment: cluster_noisy_patient_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 1522)
points, _ = make_blobs(120, 5, n_clusters, 0.9, rng)
model = NoisyPatientKMeans(n_clusters).fit(points, rng)
results["cluster_noisy_patient_readings"] = float(model.inertia(points) / points.shape[0])


def clean_query_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def clean_query_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_clean_query_features
n_components = 2
rng = np.random.default_rng(SEED + 1529)
latent = rng.normal(size=(150, 2))
mixing = rng.normal(size=(2, 6))
data = latent @ mixing + 0.1 * rng.normal(size=(150, 6))
components, explained = clean_query_principal_components(data, n_components)
projected, reconstruction = clean_query_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_clean_query_features"] = float(float(explained.sum()) - error - agreement)


def batch_credit_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class BatchCreditEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-4):
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


def batch_credit_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_batch_credit_logistic_model
total_steps = 40
base_rate = 0.2
rng = np.random.default_rng(SEED + 1536)
features = rng.normal(size=(300, 20))
direction = rng.normal(size=20)
labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
split = 225
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(20)
stopper = BatchCreditEarlyStopping()
for step in range(total_steps):
    rate = batch_credit_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(batch_credit_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_batch_credit_logistic_model"] = float(stopper.best)


class NightlyFlightAdam:
    """Adam with bias correction for a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.05, beta1=0.9, beta2=0.999, eps=1e-8):
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


def nightly_flight_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_nightly_flight_regressor
epochs = 40
rng = np.random.default_rng(SEED + 1543)
features = rng.normal(size=(256, 16))
true_weights = rng.normal(size=(16, 3))
targets = features @ true_weights + 0.1 * rng.normal(size=(256, 3))
weights = np.zeros((16, 3))
bias = np.zeros(3)
optimizer = NightlyFlightAdam([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = nightly_flight_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(16)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_nightly_flight_regressor"] = float(mse + gap)


def legacy_credit_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def legacy_credit_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_legacy_credit_text_classifier
epochs = 20
learning_rate = 1.0
rng = np.random.default_rng(SEED + 1550)
vocab_size, embed_dim, num_classes = 100, 8, 3
token_ids = legacy_credit_pad_sequences(rng.integers(1, vocab_size, size=(200, 20)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = legacy_credit_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_legacy_credit_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class BatchDocumentGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-3):
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


# Experiment: score_batch_document_naive_bayes
num_classes = 4
rng = np.random.default_rng(SEED + 1557)
features, labels = make_blobs(150, 4, num_classes, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = BatchDocumentGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_batch_document_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def pilot_wind_im2col(images, kernel, stride, padding):
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


class PilotWindConv2D:
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
        columns, out_h, out_w = pilot_wind_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def pilot_wind_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_pilot_wind_images
batch_size = 2
rng = np.random.default_rng(SEED + 1564)
images = rng.normal(size=(batch_size, 1, 12, 12))
conv1 = PilotWindConv2D(1, 8, 3, 1, 1, rng)
conv2 = PilotWindConv2D(8, 8, 3, 1, 1, rng)
hidden = pilot_wind_max_pool(relu(conv1(images)), 2)
hidden = pilot_wind_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 10, size=batch_size)
results["classify_pilot_wind_images"] = float(cross_entropy(probs, one_hot(labels, 10)))


def clean_fraud_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def clean_fraud_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_clean_fraud_softmax_regression
iterations = 20
step_size = 0.3
l2 = 0.01
rng = np.random.default_rng(SEED + 1571)
features, labels = make_blobs(150, 10, 4, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 4)
weights = np.zeros((10, 4))
bias = np.zeros(4)
losses = []
for iteration in range(iterations):
    loss, probs = clean_fraud_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = clean_fraud_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_clean_fraud_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class MobileInventoryGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-6):
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


# Experiment: score_mobile_inventory_naive_bayes
num_classes = 4
rng = np.random.default_rng(SEED + 1578)
features, labels = make_blobs(150, 2, num_classes, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = MobileInventoryGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_mobile_inventory_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def legacy_ecg_im2col(images, kernel, stride, padding):
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


class LegacyEcgConv2D:
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
        columns, out_h, out_w = legacy_ecg_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def legacy_ecg_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_legacy_ecg_images
batch_size = 2
rng = np.random.default_rng(SEED + 1585)
images = rng.normal(size=(batch_size, 3, 12, 12))
conv1 = LegacyEcgConv2D(3, 4, 3, 1, 1, rng)
conv2 = LegacyEcgConv2D(4, 12, 3, 1, 1, rng)
hidden = legacy_ecg_max_pool(relu(conv1(images)), 2)
hidden = legacy_ecg_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 3, size=batch_size)
results["classify_legacy_ecg_images"] = float(cross_entropy(probs, one_hot(labels, 3)))


class RegionalRainfallRecurrentCell:
    """A tanh recurrent cell with a 24-dimensional state."""

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


# Experiment: forecast_regional_rainfall_series
steps = 30
rng = np.random.default_rng(SEED + 1592)
time = np.arange(steps + 1) * 0.3
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = RegionalRainfallRecurrentCell(2, 24, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_regional_rainfall_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def pilot_radar_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def pilot_radar_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_pilot_radar_text_classifier
epochs = 5
learning_rate = 2.0
rng = np.random.default_rng(SEED + 1599)
vocab_size, embed_dim, num_classes = 50, 16, 2
token_ids = pilot_radar_pad_sequences(rng.integers(1, vocab_size, size=(128, 20)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = pilot_radar_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_pilot_radar_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def weekly_energy_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def weekly_energy_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_weekly_energy_features
n_components = 4
rng = np.random.default_rng(SEED + 1606)
latent = rng.normal(size=(150, 4))
mixing = rng.normal(size=(4, 6))
data = latent @ mixing + 0.1 * rng.normal(size=(150, 6))
components, explained = weekly_energy_principal_components(data, n_components)
projected, reconstruction = weekly_energy_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_weekly_energy_features"] = float(float(explained.sum()) - error - agreement)


class MobileServerRMSProp:
    """RMSProp: per-coordinate step sizes from a running mean of squared gradients."""

    def __init__(self, shapes, learning_rate=0.05, decay=0.99, eps=1e-8):
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


def mobile_server_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_mobile_server_regressor
epochs = 60
rng = np.random.default_rng(SEED + 1613)
features = rng.normal(size=(256, 8))
true_weights = rng.normal(size=(8, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(256, 2))
weights = np.zeros((8, 2))
bias = np.zeros(2)
optimizer = MobileServerRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = mobile_server_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(8)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_mobile_server_regressor"] = float(mse + gap)


class CleanSalesBatchLoader:
    """Yields shuffled, augmented minibatches of 3x6x6 clean_sales images."""

    def __init__(self, images, labels, batch_size, noise=0.1, seed=0):
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


def clean_sales_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_clean_sales_image_network
epochs = 2
learning_rate = 0.1
rng = np.random.default_rng(SEED + 1620)
images = rng.normal(0.5, 0.2, size=(128, 3, 6, 6))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = clean_sales_channel_statistics(images)
loader = CleanSalesBatchLoader((images - mean) / std, labels, 16)
flat_dim = 3 * 6 * 6
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 64))
w2 = rng.normal(0.0, math.sqrt(2.0 / 64), size=(64, 2))
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
results["train_clean_sales_image_network"] = float(float(np.mean(losses[-len(loader):])))


def nightly_packet_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def nightly_packet_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def nightly_packet_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def nightly_packet_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_nightly_packet_classifier
num_classes = 6
rng = np.random.default_rng(SEED + 1627)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 0.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = nightly_packet_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = nightly_packet_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = nightly_packet_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_nightly_packet_classifier"] = float(macro_f1 + auc - gap - 0.1 * nightly_packet_log_loss(probs, actual))


class CleanRainfallMLP:
    """A 4-hidden-layer perceptron for the clean_rainfall task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else sigmoid(z)
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
                delta = (delta @ self.weights[layer].T) * sigmoid_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_clean_rainfall_mlp
epochs = 2
learning_rate = 0.05
rng = np.random.default_rng(SEED + 1634)
features, labels = make_blobs(200, 20, 3, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = CleanRainfallMLP([20, 24, 64, 24, 48, 3], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_clean_rainfall_mlp"] = float(((test_accuracy, history))[0])


class PilotVibrationTiedAutoencoder:
    """Encodes 20 features into 4 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_pilot_vibration_signals
epochs = 80
learning_rate = 0.1
rng = np.random.default_rng(SEED + 1641)
basis = rng.normal(size=(4, 20))
signals = sigmoid(rng.normal(size=(200, 4))) @ basis
model = PilotVibrationTiedAutoencoder(20, 4, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_pilot_vibration_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class LegacyReviewKMeans:
    """Lloyd's algorithm over 8-dimensional legacy_review readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-4):
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


# Experiment: cluster_legacy_review_readings
n_clusters = 6
rng = np.random.default_rng(SEED + 1648)
points, _ = make_blobs(300, 8, n_clusters, 0.6, rng)
model = LegacyReviewKMeans(n_clusters).fit(points, rng)
results["cluster_legacy_review_readings"] = float(model.inertia(points) / points.shape[0])


class NightlyUserBatchNorm:
    """Batch normalisation over 64 features with running statistics for inference."""

    def __init__(self, features, momentum=0.9, eps=1e-5):
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


def nightly_user_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_nightly_user_dense_network
steps = 20
rng = np.random.default_rng(SEED + 1655)
inputs = rng.normal(1.0, 2.0, size=(256, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 4))
norm = NightlyUserBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = nightly_user_dropout(hidden, 0.5, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_nightly_user_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def sparse_video_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class SparseVideoEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-4):
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


def sparse_video_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_sparse_video_logistic_model
total_steps = 100
base_rate = 1.0
rng = np.random.default_rng(SEED + 1662)
features = rng.normal(size=(300, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
split = 225
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = SparseVideoEarlyStopping()
for step in range(total_steps):
    rate = sparse_video_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(sparse_video_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_sparse_video_logistic_model"] = float(stopper.best)


def stream_speech_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class StreamSpeechMultiHeadAttention:
    """Self-attention with 2 heads over 8-dimensional stream_speech embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = stream_speech_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def stream_speech_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def stream_speech_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_stream_speech_sequences
batch_size = 8
length = 6
model_dim = 8
rng = np.random.default_rng(SEED + 1669)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = StreamSpeechMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = stream_speech_layer_norm(hidden + attended, gamma, beta)
    hidden = stream_speech_layer_norm(hidden + stream_speech_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_stream_speech_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def satellite_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def satellite_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_satellite_features
n_components = 3
rng = np.random.default_rng(SEED + 1676)
latent = rng.normal(size=(150, 3))
mixing = rng.normal(size=(3, 12))
data = latent @ mixing + 0.05 * rng.normal(size=(150, 12))
components, explained = satellite_principal_components(data, n_components)
projected, reconstruction = satellite_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_satellite_features"] = float(float(explained.sum()) - error - agreement)


class NightlyStockMLP:
    """A 3-hidden-layer perceptron for the nightly_stock task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else tanh_activation(z)
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
                delta = (delta @ self.weights[layer].T) * tanh_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_nightly_stock_mlp
epochs = 4
learning_rate = 0.01
rng = np.random.default_rng(SEED + 1683)
features, labels = make_blobs(160, 16, 5, 0.8, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = NightlyStockMLP([16, 32, 64, 64, 5], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 5))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 5)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_nightly_stock_mlp"] = float(((test_accuracy, history))[0])


class DailyMarketBatchLoader:
    """Yields shuffled, augmented minibatches of 3x8x8 daily_market images."""

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


def daily_market_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_daily_market_image_network
epochs = 4
learning_rate = 0.1
rng = np.random.default_rng(SEED + 1690)
images = rng.normal(0.5, 0.2, size=(128, 3, 8, 8))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = daily_market_channel_statistics(images)
loader = DailyMarketBatchLoader((images - mean) / std, labels, 32)
flat_dim = 3 * 8 * 8
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 64))
w2 = rng.normal(0.0, math.sqrt(2.0 / 64), size=(64, 2))
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
results["train_daily_market_image_network"] = float(float(np.mean(losses[-len(loader):])))


def holdout_shipment_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def holdout_shipment_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_holdout_shipment_softmax_regression
iterations = 20
step_size = 0.5
l2 = 0.01
rng = np.random.default_rng(SEED + 1697)
features, labels = make_blobs(240, 10, 4, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 4)
weights = np.zeros((10, 4))
bias = np.zeros(4)
losses = []
for iteration in range(iterations):
    loss, probs = holdout_shipment_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = holdout_shipment_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_holdout_shipment_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def holdout_video_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def holdout_video_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_holdout_video_text_classifier
epochs = 20
learning_rate = 0.5
rng = np.random.default_rng(SEED + 1704)
vocab_size, embed_dim, num_classes = 100, 32, 3
token_ids = holdout_video_pad_sequences(rng.integers(1, vocab_size, size=(200, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = holdout_video_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_holdout_video_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def hourly_satellite_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def hourly_satellite_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def hourly_satellite_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def hourly_satellite_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_hourly_satellite_classifier
num_classes = 6
rng = np.random.default_rng(SEED + 1711)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 0.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = hourly_satellite_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = hourly_satellite_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = hourly_satellite_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_hourly_satellite_classifier"] = float(macro_f1 + auc - gap - 0.1 * hourly_satellite_log_loss(probs, actual))


class HourlySeismicGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-6):
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


# Experiment: score_hourly_seismic_naive_bayes
num_classes = 3
rng = np.random.default_rng(SEED + 1718)
features, labels = make_blobs(150, 6, num_classes, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = HourlySeismicGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_hourly_seismic_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class CropBatchNorm:
    """Batch normalisation over 48 features with running statistics for inference."""

    def __init__(self, features, momentum=0.9, eps=1e-5):
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


def crop_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_crop_dense_network
steps = 5
rng = np.random.default_rng(SEED + 1725)
inputs = rng.normal(1.0, 2.0, size=(256, 16))
w_hidden = rng.normal(0.0, 0.2, size=(16, 48))
w_out = rng.normal(0.0, 0.2, size=(48, 1))
norm = CropBatchNorm(48)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = crop_dropout(hidden, 0.1, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_crop_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def clean_sensor_im2col(images, kernel, stride, padding):
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


class CleanSensorConv2D:
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
        columns, out_h, out_w = clean_sensor_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def clean_sensor_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_clean_sensor_images
batch_size = 4
rng = np.random.default_rng(SEED + 1732)
images = rng.normal(size=(batch_size, 1, 8, 8))
conv1 = CleanSensorConv2D(1, 8, 3, 1, 1, rng)
conv2 = CleanSensorConv2D(8, 12, 3, 1, 1, rng)
hidden = clean_sensor_max_pool(relu(conv1(images)), 2)
hidden = clean_sensor_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 3, size=batch_size)
results["classify_clean_sensor_images"] = float(cross_entropy(probs, one_hot(labels, 3)))


def sparse_retail_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class SparseRetailMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional sparse_retail embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = sparse_retail_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def sparse_retail_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def sparse_retail_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_sparse_retail_sequences
batch_size = 4
length = 10
model_dim = 64
rng = np.random.default_rng(SEED + 1739)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = SparseRetailMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 256))
w_out = rng.normal(0.0, 0.1, size=(256, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(3):
    attended, weights = attention(hidden)
    hidden = sparse_retail_layer_norm(hidden + attended, gamma, beta)
    hidden = sparse_retail_layer_norm(hidden + sparse_retail_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_sparse_retail_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class LegacyInvoiceKMeans:
    """Lloyd's algorithm over 5-dimensional legacy_invoice readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-4):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 5))

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


# Experiment: cluster_legacy_invoice_readings
n_clusters = 4
rng = np.random.default_rng(SEED + 1746)
points, _ = make_blobs(120, 5, n_clusters, 0.4, rng)
model = LegacyInvoiceKMeans(n_clusters).fit(points, rng)
results["cluster_legacy_invoice_readings"] = float(model.inertia(points) / points.shape[0])


class PilotClaimRecurrentCell:
    """A tanh recurrent cell with a 24-dimensional state."""

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


# Experiment: forecast_pilot_claim_series
steps = 12
rng = np.random.default_rng(SEED + 1753)
time = np.arange(steps + 1) * 0.3
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = PilotClaimRecurrentCell(2, 24, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_pilot_claim_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def sparse_fraud_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class SparseFraudEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-4):
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


def sparse_fraud_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_sparse_fraud_logistic_model
total_steps = 40
base_rate = 0.2
rng = np.random.default_rng(SEED + 1760)
features = rng.normal(size=(200, 20))
direction = rng.normal(size=20)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(20)
stopper = SparseFraudEarlyStopping()
for step in range(total_steps):
    rate = sparse_fraud_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(sparse_fraud_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_sparse_fraud_logistic_model"] = float(stopper.best)


class HoldoutEcgRMSProp:
    """RMSProp: per-coordinate step sizes from a running mean of squared gradients."""

    def __init__(self, shapes, learning_rate=0.01, decay=0.99, eps=1e-8):
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


def holdout_ecg_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_holdout_ecg_regressor
epochs = 60
rng = np.random.default_rng(SEED + 1767)
features = rng.normal(size=(128, 4))
true_weights = rng.normal(size=(4, 1))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 1))
weights = np.zeros((4, 1))
bias = np.zeros(1)
optimizer = HoldoutEcgRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = holdout_ecg_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(4)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_holdout_ecg_regressor"] = float(mse + gap)


class NightlyGenomeTiedAutoencoder:
    """Encodes 16 features into 3 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_nightly_genome_signals
epochs = 50
learning_rate = 0.05
rng = np.random.default_rng(SEED + 1774)
basis = rng.normal(size=(3, 16))
signals = sigmoid(rng.normal(size=(100, 3))) @ basis
model = NightlyGenomeTiedAutoencoder(16, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_nightly_genome_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def hourly_traffic_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def hourly_traffic_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_hourly_traffic_softmax_regression
iterations = 20
step_size = 0.3
l2 = 0.01
rng = np.random.default_rng(SEED + 1781)
features, labels = make_blobs(240, 6, 3, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((6, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = hourly_traffic_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = hourly_traffic_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_hourly_traffic_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def engine_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def engine_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def engine_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def engine_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_engine_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 1788)
actual = rng.integers(0, num_classes, size=100)
logits = rng.normal(size=(100, num_classes))
logits[np.arange(100), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = engine_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = engine_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = engine_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_engine_classifier"] = float(macro_f1 + auc - gap - 0.1 * engine_log_loss(probs, actual))


class HoldoutTurbineGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-9):
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


# Experiment: score_holdout_turbine_naive_bayes
num_classes = 2
rng = np.random.default_rng(SEED + 1795)
features, labels = make_blobs(240, 2, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = HoldoutTurbineGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_holdout_turbine_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def pilot_genome_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class PilotGenomeEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=5, min_delta=1e-3):
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


def pilot_genome_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_pilot_genome_logistic_model
total_steps = 60
base_rate = 1.0
rng = np.random.default_rng(SEED + 1802)
features = rng.normal(size=(200, 10))
direction = rng.normal(size=10)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(10)
stopper = PilotGenomeEarlyStopping()
for step in range(total_steps):
    rate = pilot_genome_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(pilot_genome_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_pilot_genome_logistic_model"] = float(stopper.best)


class RegionalWindKMeans:
    """Lloyd's algorithm over 8-dimensional regional_wind readings."""

    def __init__(self, n_clusters, max_iterations=20, tolerance=1e-3):
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


# Experiment: cluster_regional_wind_readings
n_clusters = 6
rng = np.random.default_rng(SEED + 1809)
points, _ = make_blobs(200, 8, n_clusters, 0.6, rng)
model = RegionalWindKMeans(n_clusters).fit(points, rng)
results["cluster_regional_wind_readings"] = float(model.inertia(points) / points.shape[0])


class DenseCropBatchNorm:
    """Batch normalisation over 32 features with running statistics for inference."""

    def __init__(self, features, momentum=0.99, eps=1e-5):
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


def dense_crop_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_dense_crop_dense_network
steps = 5
rng = np.random.default_rng(SEED + 1816)
inputs = rng.normal(1.0, 2.0, size=(128, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 32))
w_out = rng.normal(0.0, 0.2, size=(32, 8))
norm = DenseCropBatchNorm(32)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = dense_crop_dropout(hidden, 0.1, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_dense_crop_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def weekly_fraud_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def weekly_fraud_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_weekly_fraud_text_classifier
epochs = 10
learning_rate = 1.0
rng = np.random.default_rng(SEED + 1823)
vocab_size, embed_dim, num_classes = 500, 8, 3
token_ids = weekly_fraud_pad_sequences(rng.integers(1, vocab_size, size=(200, 20)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = weekly_fraud_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_weekly_fraud_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def nightly_server_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def nightly_server_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_nightly_server_features
n_components = 2
rng = np.random.default_rng(SEED + 1830)
latent = rng.normal(size=(150, 2))
mixing = rng.normal(size=(2, 8))
data = latent @ mixing + 0.05 * rng.normal(size=(150, 8))
components, explained = nightly_server_principal_components(data, n_components)
projected, reconstruction = nightly_server_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_nightly_server_features"] = float(float(explained.sum()) - error - agreement)


class NightlyQueryTiedAutoencoder:
    """Encodes 20 features into 2 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_nightly_query_signals
epochs = 80
learning_rate = 0.2
rng = np.random.default_rng(SEED + 1837)
basis = rng.normal(size=(2, 20))
signals = sigmoid(rng.normal(size=(100, 2))) @ basis
model = NightlyQueryTiedAutoencoder(20, 2, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_nightly_query_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class NightlySessionRecurrentCell:
    """A tanh recurrent cell with a 8-dimensional state."""

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


# Experiment: forecast_nightly_session_series
steps = 12
rng = np.random.default_rng(SEED + 1844)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = NightlySessionRecurrentCell(2, 8, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_nightly_session_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def clean_packet_im2col(images, kernel, stride, padding):
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


class CleanPacketConv2D:
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
        columns, out_h, out_w = clean_packet_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def clean_packet_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_clean_packet_images
batch_size = 2
rng = np.random.default_rng(SEED + 1851)
images = rng.normal(size=(batch_size, 1, 16, 16))
conv1 = CleanPacketConv2D(1, 4, 3, 1, 1, rng)
conv2 = CleanPacketConv2D(4, 16, 3, 1, 1, rng)
hidden = clean_packet_max_pool(relu(conv1(images)), 2)
hidden = clean_packet_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 10, size=batch_size)
results["classify_clean_packet_images"] = float(cross_entropy(probs, one_hot(labels, 10)))


class PilotAdvertMLP:
    """A 2-hidden-layer perceptron for the pilot_advert task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else relu(z)
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
                delta = (delta @ self.weights[layer].T) * relu_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_pilot_advert_mlp
epochs = 2
learning_rate = 0.05
rng = np.random.default_rng(SEED + 1858)
features, labels = make_blobs(320, 8, 5, 0.8, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = PilotAdvertMLP([8, 48, 48, 5], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 5))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 5)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_pilot_advert_mlp"] = float(((test_accuracy, history))[0])


def batch_advert_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class BatchAdvertMultiHeadAttention:
    """Self-attention with 4 heads over 16-dimensional batch_advert embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = batch_advert_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def batch_advert_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def batch_advert_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_batch_advert_sequences
batch_size = 4
length = 10
model_dim = 16
rng = np.random.default_rng(SEED + 1865)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = BatchAdvertMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = batch_advert_layer_norm(hidden + attended, gamma, beta)
    hidden = batch_advert_layer_norm(hidden + batch_advert_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_batch_advert_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class DailyLoanBatchLoader:
    """Yields shuffled, augmented minibatches of 3x8x8 daily_loan images."""

    def __init__(self, images, labels, batch_size, noise=0.01, seed=0):
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


def daily_loan_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_daily_loan_image_network
epochs = 4
learning_rate = 0.1
rng = np.random.default_rng(SEED + 1872)
images = rng.normal(0.5, 0.2, size=(128, 3, 8, 8))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = daily_loan_channel_statistics(images)
loader = DailyLoanBatchLoader((images - mean) / std, labels, 16)
flat_dim = 3 * 8 * 8
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
results["train_daily_loan_image_network"] = float(float(np.mean(losses[-len(loader):])))


class DenseRadarAdam:
    """Adam with bias correction for a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.05, beta1=0.9, beta2=0.999, eps=1e-8):
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


def dense_radar_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_dense_radar_regressor
epochs = 60
rng = np.random.default_rng(SEED + 1879)
features = rng.normal(size=(256, 8))
true_weights = rng.normal(size=(8, 1))
targets = features @ true_weights + 0.1 * rng.normal(size=(256, 1))
weights = np.zeros((8, 1))
bias = np.zeros(1)
optimizer = DenseRadarAdam([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = dense_radar_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(8)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_dense_radar_regressor"] = float(mse + gap)


class DenseAdvertBatchNorm:
    """Batch normalisation over 32 features with running statistics for inference."""

    def __init__(self, features, momentum=0.9, eps=1e-5):
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


def dense_advert_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_dense_advert_dense_network
steps = 10
rng = np.random.default_rng(SEED + 1886)
inputs = rng.normal(1.0, 2.0, size=(128, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 32))
w_out = rng.normal(0.0, 0.2, size=(32, 1))
norm = DenseAdvertBatchNorm(32)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = dense_advert_dropout(hidden, 0.5, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_dense_advert_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


class MobileTurbineGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-3):
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


# Experiment: score_mobile_turbine_naive_bayes
num_classes = 4
rng = np.random.default_rng(SEED + 1893)
features, labels = make_blobs(150, 9, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = MobileTurbineGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_mobile_turbine_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def weekly_protein_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def weekly_protein_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def weekly_protein_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def weekly_protein_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_weekly_protein_classifier
num_classes = 6
rng = np.random.default_rng(SEED + 1900)
actual = rng.integers(0, num_classes, size=100)
logits = rng.normal(size=(100, num_classes))
logits[np.arange(100), actual] += 1.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = weekly_protein_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = weekly_protein_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = weekly_protein_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_weekly_protein_classifier"] = float(macro_f1 + auc - gap - 0.1 * weekly_protein_log_loss(probs, actual))


def pilot_audio_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class PilotAudioMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional pilot_audio embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = pilot_audio_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def pilot_audio_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def pilot_audio_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_pilot_audio_sequences
batch_size = 4
length = 10
model_dim = 32
rng = np.random.default_rng(SEED + 1907)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = PilotAudioMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(1):
    attended, weights = attention(hidden)
    hidden = pilot_audio_layer_norm(hidden + attended, gamma, beta)
    hidden = pilot_audio_layer_norm(hidden + pilot_audio_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_pilot_audio_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def dense_weather_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def dense_weather_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_dense_weather_text_classifier
epochs = 10
learning_rate = 1.0
rng = np.random.default_rng(SEED + 1914)
vocab_size, embed_dim, num_classes = 50, 32, 4
token_ids = dense_weather_pad_sequences(rng.integers(1, vocab_size, size=(128, 12)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = dense_weather_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_dense_weather_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def sparse_engine_im2col(images, kernel, stride, padding):
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


class SparseEngineConv2D:
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
        columns, out_h, out_w = sparse_engine_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def sparse_engine_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_sparse_engine_images
batch_size = 2
rng = np.random.default_rng(SEED + 1921)
images = rng.normal(size=(batch_size, 1, 8, 8))
conv1 = SparseEngineConv2D(1, 8, 3, 1, 1, rng)
conv2 = SparseEngineConv2D(8, 8, 3, 1, 1, rng)
hidden = sparse_engine_max_pool(relu(conv1(images)), 2)
hidden = sparse_engine_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_sparse_engine_images"] = float(cross_entropy(probs, one_hot(labels, 5)))


class RegionalEnergyMLP:
    """A 4-hidden-layer perceptron for the regional_energy task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else sigmoid(z)
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
                delta = (delta @ self.weights[layer].T) * sigmoid_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_regional_energy_mlp
epochs = 3
learning_rate = 0.2
rng = np.random.default_rng(SEED + 1928)
features, labels = make_blobs(200, 12, 4, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = RegionalEnergyMLP([12, 32, 32, 48, 32, 4], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_regional_energy_mlp"] = float(((test_accuracy, history))[0])


class SparseTurbineRecurrentCell:
    """A tanh recurrent cell with a 8-dimensional state."""

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


# Experiment: forecast_sparse_turbine_series
steps = 12
rng = np.random.default_rng(SEED + 1935)
time = np.arange(steps + 1) * 0.3
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = SparseTurbineRecurrentCell(2, 8, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_sparse_turbine_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def wind_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class WindEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=5, min_delta=1e-4):
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


def wind_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_wind_logistic_model
total_steps = 40
base_rate = 0.2
rng = np.random.default_rng(SEED + 1942)
features = rng.normal(size=(400, 10))
direction = rng.normal(size=10)
labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
split = 300
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(10)
stopper = WindEarlyStopping()
for step in range(total_steps):
    rate = wind_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(wind_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_wind_logistic_model"] = float(stopper.best)


class RegionalEegKMeans:
    """Lloyd's algorithm over 3-dimensional regional_eeg readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-4):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 3))

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


# Experiment: cluster_regional_eeg_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 1949)
points, _ = make_blobs(300, 3, n_clusters, 0.9, rng)
model = RegionalEegKMeans(n_clusters).fit(points, rng)
results["cluster_regional_eeg_readings"] = float(model.inertia(points) / points.shape[0])


class ProteinTiedAutoencoder:
    """Encodes 20 features into 3 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_protein_signals
epochs = 50
learning_rate = 0.2
rng = np.random.default_rng(SEED + 1956)
basis = rng.normal(size=(3, 20))
signals = sigmoid(rng.normal(size=(100, 3))) @ basis
model = ProteinTiedAutoencoder(20, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_protein_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class StockRMSProp:
    """RMSProp: per-coordinate step sizes from a running mean of squared gradients."""

    def __init__(self, shapes, learning_rate=0.01, decay=0.9, eps=1e-8):
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


def stock_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_stock_regressor
epochs = 20
rng = np.random.default_rng(SEED + 1963)
features = rng.normal(size=(256, 4))
true_weights = rng.normal(size=(4, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(256, 2))
weights = np.zeros((4, 2))
bias = np.zeros(2)
optimizer = StockRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = stock_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(4)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_stock_regressor"] = float(mse + gap)


def mobile_loan_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def mobile_loan_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_mobile_loan_softmax_regression
iterations = 20
step_size = 0.1
l2 = 0.001
rng = np.random.default_rng(SEED + 1970)
features, labels = make_blobs(240, 16, 3, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((16, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = mobile_loan_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = mobile_loan_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_mobile_loan_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def stream_radar_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def stream_radar_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_stream_radar_features
n_components = 2
rng = np.random.default_rng(SEED + 1977)
latent = rng.normal(size=(150, 2))
mixing = rng.normal(size=(2, 12))
data = latent @ mixing + 0.05 * rng.normal(size=(150, 12))
components, explained = stream_radar_principal_components(data, n_components)
projected, reconstruction = stream_radar_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_stream_radar_features"] = float(float(explained.sum()) - error - agreement)


class DenseRainfallBatchLoader:
    """Yields shuffled, augmented minibatches of 1x6x6 dense_rainfall images."""

    def __init__(self, images, labels, batch_size, noise=0.01, seed=0):
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


def dense_rainfall_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_dense_rainfall_image_network
epochs = 4
learning_rate = 0.01
rng = np.random.default_rng(SEED + 1984)
images = rng.normal(0.5, 0.2, size=(128, 1, 6, 6))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = dense_rainfall_channel_statistics(images)
loader = DenseRainfallBatchLoader((images - mean) / std, labels, 32)
flat_dim = 1 * 6 * 6
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 64))
w2 = rng.normal(0.0, math.sqrt(2.0 / 64), size=(64, 2))
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
results["train_dense_rainfall_image_network"] = float(float(np.mean(losses[-len(loader):])))


class WeeklyEegGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-6):
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


# Experiment: score_weekly_eeg_naive_bayes
num_classes = 3
rng = np.random.default_rng(SEED + 1991)
features, labels = make_blobs(240, 6, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = WeeklyEegGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_weekly_eeg_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def soil_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class SoilEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=5, min_delta=1e-4):
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


def soil_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_soil_logistic_model
total_steps = 40
base_rate = 0.2
rng = np.random.default_rng(SEED + 1998)
features = rng.normal(size=(300, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
split = 225
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = SoilEarlyStopping()
for step in range(total_steps):
    rate = soil_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(soil_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_soil_logistic_model"] = float(stopper.best)


class RegionalPacketBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 regional_packet images."""

    def __init__(self, images, labels, batch_size, noise=0.01, seed=0):
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


def regional_packet_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_regional_packet_image_network
epochs = 3
learning_rate = 0.01
rng = np.random.default_rng(SEED + 2005)
images = rng.normal(0.5, 0.2, size=(64, 3, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = regional_packet_channel_statistics(images)
loader = RegionalPacketBatchLoader((images - mean) / std, labels, 32)
flat_dim = 3 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 64))
w2 = rng.normal(0.0, math.sqrt(2.0 / 64), size=(64, 2))
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
results["train_regional_packet_image_network"] = float(float(np.mean(losses[-len(loader):])))


def nightly_wind_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def nightly_wind_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_nightly_wind_text_classifier
epochs = 20
learning_rate = 0.5
rng = np.random.default_rng(SEED + 2012)
vocab_size, embed_dim, num_classes = 100, 8, 4
token_ids = nightly_wind_pad_sequences(rng.integers(1, vocab_size, size=(64, 12)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = nightly_wind_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_nightly_wind_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class MobileInvoiceRecurrentCell:
    """A tanh recurrent cell with a 16-dimensional state."""

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


# Experiment: forecast_mobile_invoice_series
steps = 20
rng = np.random.default_rng(SEED + 2019)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = MobileInvoiceRecurrentCell(2, 16, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_mobile_invoice_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def nightly_traffic_im2col(images, kernel, stride, padding):
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


class NightlyTrafficConv2D:
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
        columns, out_h, out_w = nightly_traffic_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def nightly_traffic_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_nightly_traffic_images
batch_size = 2
rng = np.random.default_rng(SEED + 2026)
images = rng.normal(size=(batch_size, 3, 8, 8))
conv1 = NightlyTrafficConv2D(3, 6, 3, 1, 1, rng)
conv2 = NightlyTrafficConv2D(6, 8, 3, 1, 1, rng)
hidden = nightly_traffic_max_pool(relu(conv1(images)), 2)
hidden = nightly_traffic_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_nightly_traffic_images"] = float(cross_entropy(probs, one_hot(labels, 5)))


def noisy_seismic_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def noisy_seismic_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_noisy_seismic_features
n_components = 2
rng = np.random.default_rng(SEED + 2033)
latent = rng.normal(size=(200, 2))
mixing = rng.normal(size=(2, 8))
data = latent @ mixing + 0.1 * rng.normal(size=(200, 8))
components, explained = noisy_seismic_principal_components(data, n_components)
projected, reconstruction = noisy_seismic_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_noisy_seismic_features"] = float(float(explained.sum()) - error - agreement)


def pilot_speech_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class PilotSpeechMultiHeadAttention:
    """Self-attention with 4 heads over 32-dimensional pilot_speech embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = pilot_speech_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def pilot_speech_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def pilot_speech_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_pilot_speech_sequences
batch_size = 2
length = 10
model_dim = 32
rng = np.random.default_rng(SEED + 2040)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = PilotSpeechMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(3):
    attended, weights = attention(hidden)
    hidden = pilot_speech_layer_norm(hidden + attended, gamma, beta)
    hidden = pilot_speech_layer_norm(hidden + pilot_speech_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_pilot_speech_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def noisy_turbine_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def noisy_turbine_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_noisy_turbine_softmax_regression
iterations = 30
step_size = 0.1
l2 = 0.01
rng = np.random.default_rng(SEED + 2047)
features, labels = make_blobs(150, 10, 5, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((10, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = noisy_turbine_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = noisy_turbine_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_noisy_turbine_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class PilotUserBatchNorm:
    """Batch normalisation over 64 features with running statistics for inference."""

    def __init__(self, features, momentum=0.99, eps=1e-5):
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


def pilot_user_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_pilot_user_dense_network
steps = 20
rng = np.random.default_rng(SEED + 2054)
inputs = rng.normal(1.0, 2.0, size=(128, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 1))
norm = PilotUserBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = pilot_user_dropout(hidden, 0.2, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_pilot_user_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


class WeeklyInventoryMomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.05, momentum=0.8):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated


def weekly_inventory_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_weekly_inventory_regressor
epochs = 60
rng = np.random.default_rng(SEED + 2061)
features = rng.normal(size=(64, 4))
true_weights = rng.normal(size=(4, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(64, 2))
weights = np.zeros((4, 2))
bias = np.zeros(2)
optimizer = WeeklyInventoryMomentumSGD([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = weekly_inventory_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(4)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_weekly_inventory_regressor"] = float(mse + gap)


class HoldoutEegMLP:
    """A 1-hidden-layer perceptron for the holdout_eeg task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else tanh_activation(z)
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
                delta = (delta @ self.weights[layer].T) * tanh_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_holdout_eeg_mlp
epochs = 3
learning_rate = 0.01
rng = np.random.default_rng(SEED + 2068)
features, labels = make_blobs(160, 20, 3, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = HoldoutEegMLP([20, 64, 3], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_holdout_eeg_mlp"] = float(((test_accuracy, history))[0])


def holdout_fraud_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def holdout_fraud_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def holdout_fraud_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def holdout_fraud_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_holdout_fraud_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 2075)
actual = rng.integers(0, num_classes, size=250)
logits = rng.normal(size=(250, num_classes))
logits[np.arange(250), actual] += 2.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = holdout_fraud_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = holdout_fraud_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = holdout_fraud_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_holdout_fraud_classifier"] = float(macro_f1 + auc - gap - 0.1 * holdout_fraud_log_loss(probs, actual))


class WeeklyPacketKMeans:
    """Lloyd's algorithm over 2-dimensional weekly_packet readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-5):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 2))

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


# Experiment: cluster_weekly_packet_readings
n_clusters = 6
rng = np.random.default_rng(SEED + 2082)
points, _ = make_blobs(300, 2, n_clusters, 0.9, rng)
model = WeeklyPacketKMeans(n_clusters).fit(points, rng)
results["cluster_weekly_packet_readings"] = float(model.inertia(points) / points.shape[0])


class PilotSeismicTiedAutoencoder:
    """Encodes 8 features into 3 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_pilot_seismic_signals
epochs = 80
learning_rate = 0.1
rng = np.random.default_rng(SEED + 2089)
basis = rng.normal(size=(3, 8))
signals = sigmoid(rng.normal(size=(200, 3))) @ basis
model = PilotSeismicTiedAutoencoder(8, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_pilot_seismic_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class NightlyCreditGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-9):
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


# Experiment: score_nightly_credit_naive_bayes
num_classes = 2
rng = np.random.default_rng(SEED + 2096)
features, labels = make_blobs(300, 2, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = NightlyCreditGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_nightly_credit_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class DenseVibrationMLP:
    """A 4-hidden-layer perceptron for the dense_vibration task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else relu(z)
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
                delta = (delta @ self.weights[layer].T) * relu_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_dense_vibration_mlp
epochs = 2
learning_rate = 0.2
rng = np.random.default_rng(SEED + 2103)
features, labels = make_blobs(200, 32, 6, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = DenseVibrationMLP([32, 16, 16, 32, 64, 6], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 6))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 6)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_dense_vibration_mlp"] = float(((test_accuracy, history))[0])


def sparse_seismic_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def sparse_seismic_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_sparse_seismic_text_classifier
epochs = 5
learning_rate = 0.5
rng = np.random.default_rng(SEED + 2110)
vocab_size, embed_dim, num_classes = 50, 16, 3
token_ids = sparse_seismic_pad_sequences(rng.integers(1, vocab_size, size=(200, 12)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = sparse_seismic_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_sparse_seismic_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class SparseInvoiceKMeans:
    """Lloyd's algorithm over 5-dimensional sparse_invoice readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-4):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 5))

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


# Experiment: cluster_sparse_invoice_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 2117)
points, _ = make_blobs(200, 5, n_clusters, 0.4, rng)
model = SparseInvoiceKMeans(n_clusters).fit(points, rng)
results["cluster_sparse_invoice_readings"] = float(model.inertia(points) / points.shape[0])


class NightlyRainfallBatchLoader:
    """Yields shuffled, augmented minibatches of 1x6x6 nightly_rainfall images."""

    def __init__(self, images, labels, batch_size, noise=0.01, seed=0):
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


def nightly_rainfall_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_nightly_rainfall_image_network
epochs = 2
learning_rate = 0.1
rng = np.random.default_rng(SEED + 2124)
images = rng.normal(0.5, 0.2, size=(64, 1, 6, 6))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = nightly_rainfall_channel_statistics(images)
loader = NightlyRainfallBatchLoader((images - mean) / std, labels, 32)
flat_dim = 1 * 6 * 6
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 64))
w2 = rng.normal(0.0, math.sqrt(2.0 / 64), size=(64, 2))
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
results["train_nightly_rainfall_image_network"] = float(float(np.mean(losses[-len(loader):])))


def nightly_pixel_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def nightly_pixel_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def nightly_pixel_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def nightly_pixel_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_nightly_pixel_classifier
num_classes = 2
rng = np.random.default_rng(SEED + 2131)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 0.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = nightly_pixel_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = nightly_pixel_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = nightly_pixel_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_nightly_pixel_classifier"] = float(macro_f1 + auc - gap - 0.1 * nightly_pixel_log_loss(probs, actual))


def noisy_soil_im2col(images, kernel, stride, padding):
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


class NoisySoilConv2D:
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
        columns, out_h, out_w = noisy_soil_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def noisy_soil_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_noisy_soil_images
batch_size = 6
rng = np.random.default_rng(SEED + 2138)
images = rng.normal(size=(batch_size, 3, 12, 12))
conv1 = NoisySoilConv2D(3, 8, 3, 1, 1, rng)
conv2 = NoisySoilConv2D(8, 12, 3, 1, 1, rng)
hidden = noisy_soil_max_pool(relu(conv1(images)), 2)
hidden = noisy_soil_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_noisy_soil_images"] = float(cross_entropy(probs, one_hot(labels, 5)))


class BatchReviewRecurrentCell:
    """A tanh recurrent cell with a 8-dimensional state."""

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


# Experiment: forecast_batch_review_series
steps = 30
rng = np.random.default_rng(SEED + 2145)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = BatchReviewRecurrentCell(2, 8, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_batch_review_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


class BatchUserMomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.05, momentum=0.8):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated


def batch_user_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_batch_user_regressor
epochs = 60
rng = np.random.default_rng(SEED + 2152)
features = rng.normal(size=(128, 16))
true_weights = rng.normal(size=(16, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 2))
weights = np.zeros((16, 2))
bias = np.zeros(2)
optimizer = BatchUserMomentumSGD([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = batch_user_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.01 * np.eye(16)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_batch_user_regressor"] = float(mse + gap)


def dense_speech_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class DenseSpeechMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional dense_speech embeddings."""

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
        context, weights = dense_speech_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def dense_speech_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def dense_speech_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_dense_speech_sequences
batch_size = 8
length = 6
model_dim = 32
rng = np.random.default_rng(SEED + 2159)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = DenseSpeechMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(3):
    attended, weights = attention(hidden)
    hidden = dense_speech_layer_norm(hidden + attended, gamma, beta)
    hidden = dense_speech_layer_norm(hidden + dense_speech_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_dense_speech_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class StreamEegTiedAutoencoder:
    """Encodes 16 features into 2 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_stream_eeg_signals
epochs = 80
learning_rate = 0.1
rng = np.random.default_rng(SEED + 2166)
basis = rng.normal(size=(2, 16))
signals = sigmoid(rng.normal(size=(200, 2))) @ basis
model = StreamEegTiedAutoencoder(16, 2, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_stream_eeg_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def daily_weather_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class DailyWeatherEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=5, min_delta=1e-3):
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


def daily_weather_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_daily_weather_logistic_model
total_steps = 40
base_rate = 0.2
rng = np.random.default_rng(SEED + 2173)
features = rng.normal(size=(300, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
split = 225
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = DailyWeatherEarlyStopping()
for step in range(total_steps):
    rate = daily_weather_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(daily_weather_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_daily_weather_logistic_model"] = float(stopper.best)


class MobileTrafficBatchNorm:
    """Batch normalisation over 64 features with running statistics for inference."""

    def __init__(self, features, momentum=0.95, eps=1e-5):
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


def mobile_traffic_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_mobile_traffic_dense_network
steps = 5
rng = np.random.default_rng(SEED + 2180)
inputs = rng.normal(1.0, 2.0, size=(256, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 1))
norm = MobileTrafficBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = mobile_traffic_dropout(hidden, 0.5, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_mobile_traffic_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def stream_galaxy_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def stream_galaxy_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_stream_galaxy_softmax_regression
iterations = 30
step_size = 0.1
l2 = 0.0001
rng = np.random.default_rng(SEED + 2187)
features, labels = make_blobs(240, 16, 4, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 4)
weights = np.zeros((16, 4))
bias = np.zeros(4)
losses = []
for iteration in range(iterations):
    loss, probs = stream_galaxy_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = stream_galaxy_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_stream_galaxy_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def nightly_soil_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def nightly_soil_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_nightly_soil_features
n_components = 2
rng = np.random.default_rng(SEED + 2194)
latent = rng.normal(size=(100, 2))
mixing = rng.normal(size=(2, 12))
data = latent @ mixing + 0.01 * rng.normal(size=(100, 12))
components, explained = nightly_soil_principal_components(data, n_components)
projected, reconstruction = nightly_soil_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_nightly_soil_features"] = float(float(explained.sum()) - error - agreement)


class NoisySalesRMSProp:
    """RMSProp: per-coordinate step sizes from a running mean of squared gradients."""

    def __init__(self, shapes, learning_rate=0.02, decay=0.99, eps=1e-8):
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


def noisy_sales_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_noisy_sales_regressor
epochs = 60
rng = np.random.default_rng(SEED + 2201)
features = rng.normal(size=(128, 4))
true_weights = rng.normal(size=(4, 3))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 3))
weights = np.zeros((4, 3))
bias = np.zeros(3)
optimizer = NoisySalesRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = noisy_sales_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.01 * np.eye(4)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_noisy_sales_regressor"] = float(mse + gap)


class BatchEcgRecurrentCell:
    """A tanh recurrent cell with a 8-dimensional state."""

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


# Experiment: forecast_batch_ecg_series
steps = 30
rng = np.random.default_rng(SEED + 2208)
time = np.arange(steps + 1) * 0.3
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = BatchEcgRecurrentCell(2, 8, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_batch_ecg_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def stream_fraud_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class StreamFraudMultiHeadAttention:
    """Self-attention with 4 heads over 32-dimensional stream_fraud embeddings."""

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
        context, weights = stream_fraud_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def stream_fraud_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def stream_fraud_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_stream_fraud_sequences
batch_size = 2
length = 16
model_dim = 32
rng = np.random.default_rng(SEED + 2215)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = StreamFraudMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(3):
    attended, weights = attention(hidden)
    hidden = stream_fraud_layer_norm(hidden + attended, gamma, beta)
    hidden = stream_fraud_layer_norm(hidden + stream_fraud_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_stream_fraud_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class FraudGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-9):
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


# Experiment: score_fraud_naive_bayes
num_classes = 4
rng = np.random.default_rng(SEED + 2222)
features, labels = make_blobs(300, 2, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = FraudGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_fraud_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class BatchFlightMLP:
    """A 3-hidden-layer perceptron for the batch_flight task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else sigmoid(z)
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
                delta = (delta @ self.weights[layer].T) * sigmoid_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_batch_flight_mlp
epochs = 5
learning_rate = 0.02
rng = np.random.default_rng(SEED + 2229)
features, labels = make_blobs(160, 12, 6, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = BatchFlightMLP([12, 32, 16, 16, 6], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 6))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 6)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_batch_flight_mlp"] = float(((test_accuracy, history))[0])


class QueryBatchLoader:
    """Yields shuffled, augmented minibatches of 3x6x6 query images."""

    def __init__(self, images, labels, batch_size, noise=0.01, seed=0):
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


def query_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_query_image_network
epochs = 2
learning_rate = 0.1
rng = np.random.default_rng(SEED + 2236)
images = rng.normal(0.5, 0.2, size=(96, 3, 6, 6))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = query_channel_statistics(images)
loader = QueryBatchLoader((images - mean) / std, labels, 32)
flat_dim = 3 * 6 * 6
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 64))
w2 = rng.normal(0.0, math.sqrt(2.0 / 64), size=(64, 2))
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
results["train_query_image_network"] = float(float(np.mean(losses[-len(loader):])))


class CleanTrafficKMeans:
    """Lloyd's algorithm over 3-dimensional clean_traffic readings."""

    def __init__(self, n_clusters, max_iterations=20, tolerance=1e-3):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 3))

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


# Experiment: cluster_clean_traffic_readings
n_clusters = 4
rng = np.random.default_rng(SEED + 2243)
points, _ = make_blobs(200, 3, n_clusters, 0.6, rng)
model = CleanTrafficKMeans(n_clusters).fit(points, rng)
results["cluster_clean_traffic_readings"] = float(model.inertia(points) / points.shape[0])


def dense_click_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def dense_click_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def dense_click_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def dense_click_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_dense_click_classifier
num_classes = 3
rng = np.random.default_rng(SEED + 2250)
actual = rng.integers(0, num_classes, size=250)
logits = rng.normal(size=(250, num_classes))
logits[np.arange(250), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = dense_click_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = dense_click_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = dense_click_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_dense_click_classifier"] = float(macro_f1 + auc - gap - 0.1 * dense_click_log_loss(probs, actual))


def legacy_advert_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def legacy_advert_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_legacy_advert_softmax_regression
iterations = 30
step_size = 0.3
l2 = 0.0001
rng = np.random.default_rng(SEED + 2257)
features, labels = make_blobs(150, 6, 4, 0.7, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 4)
weights = np.zeros((6, 4))
bias = np.zeros(4)
losses = []
for iteration in range(iterations):
    loss, probs = legacy_advert_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = legacy_advert_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_legacy_advert_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class NoisyEnergyBatchNorm:
    """Batch normalisation over 64 features with running statistics for inference."""

    def __init__(self, features, momentum=0.95, eps=1e-5):
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


def noisy_energy_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_noisy_energy_dense_network
steps = 20
rng = np.random.default_rng(SEED + 2264)
inputs = rng.normal(1.0, 2.0, size=(128, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 4))
norm = NoisyEnergyBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = noisy_energy_dropout(hidden, 0.2, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_noisy_energy_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def dense_sales_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def dense_sales_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_dense_sales_text_classifier
epochs = 10
learning_rate = 1.0
rng = np.random.default_rng(SEED + 2271)
vocab_size, embed_dim, num_classes = 100, 16, 3
token_ids = dense_sales_pad_sequences(rng.integers(1, vocab_size, size=(128, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = dense_sales_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_dense_sales_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class SparseDocumentTiedAutoencoder:
    """Encodes 16 features into 4 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_sparse_document_signals
epochs = 50
learning_rate = 0.2
rng = np.random.default_rng(SEED + 2278)
basis = rng.normal(size=(4, 16))
signals = sigmoid(rng.normal(size=(100, 4))) @ basis
model = SparseDocumentTiedAutoencoder(16, 4, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_sparse_document_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def sparse_churn_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def sparse_churn_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_sparse_churn_features
n_components = 4
rng = np.random.default_rng(SEED + 2285)
latent = rng.normal(size=(100, 4))
mixing = rng.normal(size=(4, 6))
data = latent @ mixing + 0.05 * rng.normal(size=(100, 6))
components, explained = sparse_churn_principal_components(data, n_components)
projected, reconstruction = sparse_churn_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_sparse_churn_features"] = float(float(explained.sum()) - error - agreement)


def clean_ecg_im2col(images, kernel, stride, padding):
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


class CleanEcgConv2D:
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
        columns, out_h, out_w = clean_ecg_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def clean_ecg_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_clean_ecg_images
batch_size = 6
rng = np.random.default_rng(SEED + 2292)
images = rng.normal(size=(batch_size, 3, 8, 8))
conv1 = CleanEcgConv2D(3, 4, 3, 1, 1, rng)
conv2 = CleanEcgConv2D(4, 16, 3, 1, 1, rng)
hidden = clean_ecg_max_pool(relu(conv1(images)), 2)
hidden = clean_ecg_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_clean_ecg_images"] = float(cross_entropy(probs, one_hot(labels, 5)))


def clean_crop_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class CleanCropEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-4):
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


def clean_crop_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_clean_crop_logistic_model
total_steps = 100
base_rate = 0.5
rng = np.random.default_rng(SEED + 2299)
features = rng.normal(size=(300, 20))
direction = rng.normal(size=20)
labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
split = 225
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(20)
stopper = CleanCropEarlyStopping()
for step in range(total_steps):
    rate = clean_crop_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(clean_crop_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_clean_crop_logistic_model"] = float(stopper.best)


class DailyUserKMeans:
    """Lloyd's algorithm over 2-dimensional daily_user readings."""

    def __init__(self, n_clusters, max_iterations=20, tolerance=1e-5):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 2))

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


# Experiment: cluster_daily_user_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 2306)
points, _ = make_blobs(300, 2, n_clusters, 0.6, rng)
model = DailyUserKMeans(n_clusters).fit(points, rng)
results["cluster_daily_user_readings"] = float(model.inertia(points) / points.shape[0])


def noisy_galaxy_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def noisy_galaxy_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_noisy_galaxy_softmax_regression
iterations = 30
step_size = 0.3
l2 = 0.0001
rng = np.random.default_rng(SEED + 2313)
features, labels = make_blobs(180, 10, 3, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((10, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = noisy_galaxy_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = noisy_galaxy_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_noisy_galaxy_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def noisy_product_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def noisy_product_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_noisy_product_features
n_components = 3
rng = np.random.default_rng(SEED + 2320)
latent = rng.normal(size=(100, 3))
mixing = rng.normal(size=(3, 16))
data = latent @ mixing + 0.05 * rng.normal(size=(100, 16))
components, explained = noisy_product_principal_components(data, n_components)
projected, reconstruction = noisy_product_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_noisy_product_features"] = float(float(explained.sum()) - error - agreement)


class MobileMoleculeMLP:
    """A 3-hidden-layer perceptron for the mobile_molecule task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else sigmoid(z)
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
                delta = (delta @ self.weights[layer].T) * sigmoid_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_mobile_molecule_mlp
epochs = 2
learning_rate = 0.1
rng = np.random.default_rng(SEED + 2327)
features, labels = make_blobs(200, 32, 2, 0.8, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = MobileMoleculeMLP([32, 16, 48, 16, 2], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 2))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 2)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_mobile_molecule_mlp"] = float(((test_accuracy, history))[0])


def clean_churn_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def clean_churn_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def clean_churn_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def clean_churn_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_clean_churn_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 2334)
actual = rng.integers(0, num_classes, size=100)
logits = rng.normal(size=(100, num_classes))
logits[np.arange(100), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = clean_churn_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = clean_churn_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = clean_churn_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_clean_churn_classifier"] = float(macro_f1 + auc - gap - 0.1 * clean_churn_log_loss(probs, actual))


def batch_solar_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class BatchSolarEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-4):
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


def batch_solar_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_batch_solar_logistic_model
total_steps = 100
base_rate = 1.0
rng = np.random.default_rng(SEED + 2341)
features = rng.normal(size=(200, 10))
direction = rng.normal(size=10)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(10)
stopper = BatchSolarEarlyStopping()
for step in range(total_steps):
    rate = batch_solar_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(batch_solar_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_batch_solar_logistic_model"] = float(stopper.best)


class WeeklyFlightRMSProp:
    """RMSProp: per-coordinate step sizes from a running mean of squared gradients."""

    def __init__(self, shapes, learning_rate=0.02, decay=0.9, eps=1e-8):
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


def weekly_flight_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_weekly_flight_regressor
epochs = 60
rng = np.random.default_rng(SEED + 2348)
features = rng.normal(size=(256, 16))
true_weights = rng.normal(size=(16, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(256, 2))
weights = np.zeros((16, 2))
bias = np.zeros(2)
optimizer = WeeklyFlightRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = weekly_flight_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(16)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_weekly_flight_regressor"] = float(mse + gap)


class RegionalMoleculeBatchNorm:
    """Batch normalisation over 48 features with running statistics for inference."""

    def __init__(self, features, momentum=0.99, eps=1e-5):
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


def regional_molecule_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_regional_molecule_dense_network
steps = 5
rng = np.random.default_rng(SEED + 2355)
inputs = rng.normal(1.0, 2.0, size=(256, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 48))
w_out = rng.normal(0.0, 0.2, size=(48, 8))
norm = RegionalMoleculeBatchNorm(48)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = regional_molecule_dropout(hidden, 0.5, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_regional_molecule_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def regional_audio_im2col(images, kernel, stride, padding):
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


class RegionalAudioConv2D:
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
        columns, out_h, out_w = regional_audio_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def regional_audio_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_regional_audio_images
batch_size = 2
rng = np.random.default_rng(SEED + 2362)
images = rng.normal(size=(batch_size, 3, 8, 8))
conv1 = RegionalAudioConv2D(3, 8, 3, 1, 1, rng)
conv2 = RegionalAudioConv2D(8, 8, 3, 1, 1, rng)
hidden = regional_audio_max_pool(relu(conv1(images)), 2)
hidden = regional_audio_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_regional_audio_images"] = float(cross_entropy(probs, one_hot(labels, 5)))


def stream_audio_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class StreamAudioMultiHeadAttention:
    """Self-attention with 4 heads over 16-dimensional stream_audio embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = stream_audio_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def stream_audio_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def stream_audio_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_stream_audio_sequences
batch_size = 2
length = 6
model_dim = 16
rng = np.random.default_rng(SEED + 2369)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = StreamAudioMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = stream_audio_layer_norm(hidden + attended, gamma, beta)
    hidden = stream_audio_layer_norm(hidden + stream_audio_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_stream_audio_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class DensePacketRecurrentCell:
    """A tanh recurrent cell with a 24-dimensional state."""

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


# Experiment: forecast_dense_packet_series
steps = 12
rng = np.random.default_rng(SEED + 2376)
time = np.arange(steps + 1) * 0.3
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = DensePacketRecurrentCell(2, 24, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_dense_packet_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


class SparseGalaxyBatchLoader:
    """Yields shuffled, augmented minibatches of 3x6x6 sparse_galaxy images."""

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


def sparse_galaxy_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_sparse_galaxy_image_network
epochs = 2
learning_rate = 0.1
rng = np.random.default_rng(SEED + 2383)
images = rng.normal(0.5, 0.2, size=(96, 3, 6, 6))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = sparse_galaxy_channel_statistics(images)
loader = SparseGalaxyBatchLoader((images - mean) / std, labels, 32)
flat_dim = 3 * 6 * 6
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 32))
w2 = rng.normal(0.0, math.sqrt(2.0 / 32), size=(32, 2))
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
results["train_sparse_galaxy_image_network"] = float(float(np.mean(losses[-len(loader):])))


def stream_rainfall_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def stream_rainfall_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_stream_rainfall_text_classifier
epochs = 20
learning_rate = 0.5
rng = np.random.default_rng(SEED + 2390)
vocab_size, embed_dim, num_classes = 50, 16, 3
token_ids = stream_rainfall_pad_sequences(rng.integers(1, vocab_size, size=(64, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = stream_rainfall_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_stream_rainfall_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class InventoryGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-3):
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


# Experiment: score_inventory_naive_bayes
num_classes = 4
rng = np.random.default_rng(SEED + 2397)
features, labels = make_blobs(240, 9, num_classes, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = InventoryGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_inventory_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class CleanProteinTiedAutoencoder:
    """Encodes 8 features into 4 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_clean_protein_signals
epochs = 20
learning_rate = 0.1
rng = np.random.default_rng(SEED + 2404)
basis = rng.normal(size=(4, 8))
signals = sigmoid(rng.normal(size=(100, 4))) @ basis
model = CleanProteinTiedAutoencoder(8, 4, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_clean_protein_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def pilot_stock_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def pilot_stock_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_pilot_stock_text_classifier
epochs = 10
learning_rate = 2.0
rng = np.random.default_rng(SEED + 2411)
vocab_size, embed_dim, num_classes = 500, 16, 2
token_ids = pilot_stock_pad_sequences(rng.integers(1, vocab_size, size=(200, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = pilot_stock_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_pilot_stock_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def holdout_pixel_im2col(images, kernel, stride, padding):
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


class HoldoutPixelConv2D:
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
        columns, out_h, out_w = holdout_pixel_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def holdout_pixel_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_holdout_pixel_images
batch_size = 6
rng = np.random.default_rng(SEED + 2418)
images = rng.normal(size=(batch_size, 1, 12, 12))
conv1 = HoldoutPixelConv2D(1, 8, 3, 1, 1, rng)
conv2 = HoldoutPixelConv2D(8, 16, 3, 1, 1, rng)
hidden = holdout_pixel_max_pool(relu(conv1(images)), 2)
hidden = holdout_pixel_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 3, size=batch_size)
results["classify_holdout_pixel_images"] = float(cross_entropy(probs, one_hot(labels, 3)))


class RegionalServerKMeans:
    """Lloyd's algorithm over 3-dimensional regional_server readings."""

    def __init__(self, n_clusters, max_iterations=20, tolerance=1e-4):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 3))

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


# Experiment: cluster_regional_server_readings
n_clusters = 6
rng = np.random.default_rng(SEED + 2425)
points, _ = make_blobs(200, 3, n_clusters, 0.4, rng)
model = RegionalServerKMeans(n_clusters).fit(points, rng)
results["cluster_regional_server_readings"] = float(model.inertia(points) / points.shape[0])


def batch_claim_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def batch_claim_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def batch_claim_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def batch_claim_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_batch_claim_classifier
num_classes = 2
rng = np.random.default_rng(SEED + 2432)
actual = rng.integers(0, num_classes, size=250)
logits = rng.normal(size=(250, num_classes))
logits[np.arange(250), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = batch_claim_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = batch_claim_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = batch_claim_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_batch_claim_classifier"] = float(macro_f1 + auc - gap - 0.1 * batch_claim_log_loss(probs, actual))


class MobileRetailAdam:
    """Adam with bias correction for a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.05, beta1=0.9, beta2=0.999, eps=1e-8):
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


def mobile_retail_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_mobile_retail_regressor
epochs = 40
rng = np.random.default_rng(SEED + 2439)
features = rng.normal(size=(128, 8))
true_weights = rng.normal(size=(8, 3))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 3))
weights = np.zeros((8, 3))
bias = np.zeros(3)
optimizer = MobileRetailAdam([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = mobile_retail_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(8)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_mobile_retail_regressor"] = float(mse + gap)


class CleanDocumentBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 clean_document images."""

    def __init__(self, images, labels, batch_size, noise=0.1, seed=0):
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


def clean_document_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_clean_document_image_network
epochs = 4
learning_rate = 0.01
rng = np.random.default_rng(SEED + 2446)
images = rng.normal(0.5, 0.2, size=(96, 1, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = clean_document_channel_statistics(images)
loader = CleanDocumentBatchLoader((images - mean) / std, labels, 32)
flat_dim = 1 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 32))
w2 = rng.normal(0.0, math.sqrt(2.0 / 32), size=(32, 2))
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
results["train_clean_document_image_network"] = float(float(np.mean(losses[-len(loader):])))


def weather_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class WeatherMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional weather embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = weather_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def weather_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def weather_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_weather_sequences
batch_size = 8
length = 10
model_dim = 32
rng = np.random.default_rng(SEED + 2453)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = WeatherMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(3):
    attended, weights = attention(hidden)
    hidden = weather_layer_norm(hidden + attended, gamma, beta)
    hidden = weather_layer_norm(hidden + weather_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_weather_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class SparsePacketGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-9):
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


# Experiment: score_sparse_packet_naive_bayes
num_classes = 3
rng = np.random.default_rng(SEED + 2460)
features, labels = make_blobs(240, 9, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = SparsePacketGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_sparse_packet_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def clean_invoice_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def clean_invoice_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_clean_invoice_softmax_regression
iterations = 50
step_size = 0.1
l2 = 0.0001
rng = np.random.default_rng(SEED + 2467)
features, labels = make_blobs(240, 16, 5, 0.7, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((16, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = clean_invoice_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = clean_invoice_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_clean_invoice_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class SparseSoilTiedAutoencoder:
    """Encodes 20 features into 2 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_sparse_soil_signals
epochs = 50
learning_rate = 0.05
rng = np.random.default_rng(SEED + 2474)
basis = rng.normal(size=(2, 20))
signals = sigmoid(rng.normal(size=(200, 2))) @ basis
model = SparseSoilTiedAutoencoder(20, 2, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_sparse_soil_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class MobilePatientMLP:
    """A 4-hidden-layer perceptron for the mobile_patient task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else relu(z)
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
                delta = (delta @ self.weights[layer].T) * relu_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_mobile_patient_mlp
epochs = 5
learning_rate = 0.1
rng = np.random.default_rng(SEED + 2481)
features, labels = make_blobs(240, 16, 4, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = MobilePatientMLP([16, 48, 16, 64, 48, 4], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_mobile_patient_mlp"] = float(((test_accuracy, history))[0])


class VideoRecurrentCell:
    """A tanh recurrent cell with a 16-dimensional state."""

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


# Experiment: forecast_video_series
steps = 12
rng = np.random.default_rng(SEED + 2488)
time = np.arange(steps + 1) * 0.1
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = VideoRecurrentCell(2, 16, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_video_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def stream_solar_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class StreamSolarEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-3):
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


def stream_solar_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_stream_solar_logistic_model
total_steps = 40
base_rate = 0.2
rng = np.random.default_rng(SEED + 2495)
features = rng.normal(size=(400, 10))
direction = rng.normal(size=10)
labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
split = 300
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(10)
stopper = StreamSolarEarlyStopping()
for step in range(total_steps):
    rate = stream_solar_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(stream_solar_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_stream_solar_logistic_model"] = float(stopper.best)


def sparse_sensor_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def sparse_sensor_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_sparse_sensor_features
n_components = 4
rng = np.random.default_rng(SEED + 2502)
latent = rng.normal(size=(100, 4))
mixing = rng.normal(size=(4, 6))
data = latent @ mixing + 0.05 * rng.normal(size=(100, 6))
components, explained = sparse_sensor_principal_components(data, n_components)
projected, reconstruction = sparse_sensor_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_sparse_sensor_features"] = float(float(explained.sum()) - error - agreement)


class StreamSoilBatchNorm:
    """Batch normalisation over 32 features with running statistics for inference."""

    def __init__(self, features, momentum=0.9, eps=1e-5):
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


def stream_soil_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_stream_soil_dense_network
steps = 5
rng = np.random.default_rng(SEED + 2509)
inputs = rng.normal(1.0, 2.0, size=(256, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 32))
w_out = rng.normal(0.0, 0.2, size=(32, 4))
norm = StreamSoilBatchNorm(32)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = stream_soil_dropout(hidden, 0.1, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_stream_soil_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


class BatchQueryMLP:
    """A 3-hidden-layer perceptron for the batch_query task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else tanh_activation(z)
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
                delta = (delta @ self.weights[layer].T) * tanh_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_batch_query_mlp
epochs = 2
learning_rate = 0.2
rng = np.random.default_rng(SEED + 2516)
features, labels = make_blobs(240, 20, 4, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = BatchQueryMLP([20, 16, 16, 32, 4], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_batch_query_mlp"] = float(((test_accuracy, history))[0])


class SparseUserRMSProp:
    """RMSProp: per-coordinate step sizes from a running mean of squared gradients."""

    def __init__(self, shapes, learning_rate=0.05, decay=0.9, eps=1e-8):
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


def sparse_user_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_sparse_user_regressor
epochs = 40
rng = np.random.default_rng(SEED + 2523)
features = rng.normal(size=(64, 4))
true_weights = rng.normal(size=(4, 1))
targets = features @ true_weights + 0.1 * rng.normal(size=(64, 1))
weights = np.zeros((4, 1))
bias = np.zeros(1)
optimizer = SparseUserRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = sparse_user_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.01 * np.eye(4)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_sparse_user_regressor"] = float(mse + gap)


def stream_sales_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def stream_sales_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_stream_sales_softmax_regression
iterations = 30
step_size = 0.1
l2 = 0.001
rng = np.random.default_rng(SEED + 2530)
features, labels = make_blobs(180, 10, 5, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((10, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = stream_sales_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = stream_sales_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_stream_sales_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class RegionalRetailRecurrentCell:
    """A tanh recurrent cell with a 8-dimensional state."""

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


# Experiment: forecast_regional_retail_series
steps = 12
rng = np.random.default_rng(SEED + 2537)
time = np.arange(steps + 1) * 0.3
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = RegionalRetailRecurrentCell(2, 8, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_regional_retail_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def holdout_speech_im2col(images, kernel, stride, padding):
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


class HoldoutSpeechConv2D:
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
        columns, out_h, out_w = holdout_speech_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def holdout_speech_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_holdout_speech_images
batch_size = 6
rng = np.random.default_rng(SEED + 2544)
images = rng.normal(size=(batch_size, 1, 16, 16))
conv1 = HoldoutSpeechConv2D(1, 8, 3, 1, 1, rng)
conv2 = HoldoutSpeechConv2D(8, 16, 3, 1, 1, rng)
hidden = holdout_speech_max_pool(relu(conv1(images)), 2)
hidden = holdout_speech_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 3, size=batch_size)
results["classify_holdout_speech_images"] = float(cross_entropy(probs, one_hot(labels, 3)))


class WeeklyRainfallGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-3):
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


# Experiment: score_weekly_rainfall_naive_bayes
num_classes = 4
rng = np.random.default_rng(SEED + 2551)
features, labels = make_blobs(240, 6, num_classes, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = WeeklyRainfallGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_weekly_rainfall_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class DenseRetailBatchNorm:
    """Batch normalisation over 64 features with running statistics for inference."""

    def __init__(self, features, momentum=0.95, eps=1e-5):
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


def dense_retail_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_dense_retail_dense_network
steps = 10
rng = np.random.default_rng(SEED + 2558)
inputs = rng.normal(1.0, 2.0, size=(256, 16))
w_hidden = rng.normal(0.0, 0.2, size=(16, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 4))
norm = DenseRetailBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = dense_retail_dropout(hidden, 0.2, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_dense_retail_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def holdout_satellite_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class HoldoutSatelliteMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional holdout_satellite embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = holdout_satellite_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def holdout_satellite_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def holdout_satellite_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_holdout_satellite_sequences
batch_size = 2
length = 16
model_dim = 64
rng = np.random.default_rng(SEED + 2565)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = HoldoutSatelliteMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = holdout_satellite_layer_norm(hidden + attended, gamma, beta)
    hidden = holdout_satellite_layer_norm(hidden + holdout_satellite_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_holdout_satellite_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def batch_invoice_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def batch_invoice_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_batch_invoice_text_classifier
epochs = 5
learning_rate = 2.0
rng = np.random.default_rng(SEED + 2572)
vocab_size, embed_dim, num_classes = 50, 16, 4
token_ids = batch_invoice_pad_sequences(rng.integers(1, vocab_size, size=(128, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = batch_invoice_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_batch_invoice_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def hourly_session_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def hourly_session_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def hourly_session_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def hourly_session_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_hourly_session_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 2579)
actual = rng.integers(0, num_classes, size=100)
logits = rng.normal(size=(100, num_classes))
logits[np.arange(100), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = hourly_session_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = hourly_session_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = hourly_session_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_hourly_session_classifier"] = float(macro_f1 + auc - gap - 0.1 * hourly_session_log_loss(probs, actual))


class PilotRetailTiedAutoencoder:
    """Encodes 8 features into 2 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_pilot_retail_signals
epochs = 50
learning_rate = 0.2
rng = np.random.default_rng(SEED + 2586)
basis = rng.normal(size=(2, 8))
signals = sigmoid(rng.normal(size=(200, 2))) @ basis
model = PilotRetailTiedAutoencoder(8, 2, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_pilot_retail_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class SparseSolarBatchLoader:
    """Yields shuffled, augmented minibatches of 1x8x8 sparse_solar images."""

    def __init__(self, images, labels, batch_size, noise=0.1, seed=0):
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


def sparse_solar_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_sparse_solar_image_network
epochs = 4
learning_rate = 0.1
rng = np.random.default_rng(SEED + 2593)
images = rng.normal(0.5, 0.2, size=(64, 1, 8, 8))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = sparse_solar_channel_statistics(images)
loader = SparseSolarBatchLoader((images - mean) / std, labels, 16)
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
results["train_sparse_solar_image_network"] = float(float(np.mean(losses[-len(loader):])))


class HoldoutSoilKMeans:
    """Lloyd's algorithm over 3-dimensional holdout_soil readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-5):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 3))

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


# Experiment: cluster_holdout_soil_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 2600)
points, _ = make_blobs(120, 3, n_clusters, 0.9, rng)
model = HoldoutSoilKMeans(n_clusters).fit(points, rng)
results["cluster_holdout_soil_readings"] = float(model.inertia(points) / points.shape[0])


def legacy_rainfall_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def legacy_rainfall_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_legacy_rainfall_features
n_components = 4
rng = np.random.default_rng(SEED + 2607)
latent = rng.normal(size=(200, 4))
mixing = rng.normal(size=(4, 8))
data = latent @ mixing + 0.01 * rng.normal(size=(200, 8))
components, explained = legacy_rainfall_principal_components(data, n_components)
projected, reconstruction = legacy_rainfall_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_legacy_rainfall_features"] = float(float(explained.sum()) - error - agreement)


def server_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class ServerEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=5, min_delta=1e-4):
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


def server_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_server_logistic_model
total_steps = 60
base_rate = 0.2
rng = np.random.default_rng(SEED + 2614)
features = rng.normal(size=(400, 20))
direction = rng.normal(size=20)
labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
split = 300
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(20)
stopper = ServerEarlyStopping()
for step in range(total_steps):
    rate = server_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(server_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_server_logistic_model"] = float(stopper.best)


def noisy_ecg_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def noisy_ecg_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_noisy_ecg_softmax_regression
iterations = 50
step_size = 0.3
l2 = 0.001
rng = np.random.default_rng(SEED + 2621)
features, labels = make_blobs(150, 16, 3, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((16, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = noisy_ecg_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = noisy_ecg_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_noisy_ecg_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class WeeklyGenomeBatchNorm:
    """Batch normalisation over 32 features with running statistics for inference."""

    def __init__(self, features, momentum=0.9, eps=1e-5):
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


def weekly_genome_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_weekly_genome_dense_network
steps = 10
rng = np.random.default_rng(SEED + 2628)
inputs = rng.normal(1.0, 2.0, size=(256, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 32))
w_out = rng.normal(0.0, 0.2, size=(32, 4))
norm = WeeklyGenomeBatchNorm(32)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = weekly_genome_dropout(hidden, 0.2, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_weekly_genome_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def nightly_weather_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def nightly_weather_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_nightly_weather_features
n_components = 3
rng = np.random.default_rng(SEED + 2635)
latent = rng.normal(size=(200, 3))
mixing = rng.normal(size=(3, 6))
data = latent @ mixing + 0.05 * rng.normal(size=(200, 6))
components, explained = nightly_weather_principal_components(data, n_components)
projected, reconstruction = nightly_weather_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_nightly_weather_features"] = float(float(explained.sum()) - error - agreement)


def nightly_review_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def nightly_review_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_nightly_review_text_classifier
epochs = 20
learning_rate = 1.0
rng = np.random.default_rng(SEED + 2642)
vocab_size, embed_dim, num_classes = 50, 16, 3
token_ids = nightly_review_pad_sequences(rng.integers(1, vocab_size, size=(200, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = nightly_review_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_nightly_review_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def dense_document_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def dense_document_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def dense_document_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def dense_document_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_dense_document_classifier
num_classes = 3
rng = np.random.default_rng(SEED + 2649)
actual = rng.integers(0, num_classes, size=250)
logits = rng.normal(size=(250, num_classes))
logits[np.arange(250), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = dense_document_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = dense_document_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = dense_document_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_dense_document_classifier"] = float(macro_f1 + auc - gap - 0.1 * dense_document_log_loss(probs, actual))


class CleanRadarRecurrentCell:
    """A tanh recurrent cell with a 8-dimensional state."""

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


# Experiment: forecast_clean_radar_series
steps = 12
rng = np.random.default_rng(SEED + 2656)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = CleanRadarRecurrentCell(2, 8, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_clean_radar_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


class HourlyFraudMLP:
    """A 1-hidden-layer perceptron for the hourly_fraud task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else tanh_activation(z)
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
                delta = (delta @ self.weights[layer].T) * tanh_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_hourly_fraud_mlp
epochs = 5
learning_rate = 0.005
rng = np.random.default_rng(SEED + 2663)
features, labels = make_blobs(200, 24, 5, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = HourlyFraudMLP([24, 24, 5], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 5))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 5)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_hourly_fraud_mlp"] = float(((test_accuracy, history))[0])


class LegacyClickBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 legacy_click images."""

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


def legacy_click_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_legacy_click_image_network
epochs = 2
learning_rate = 0.05
rng = np.random.default_rng(SEED + 2670)
images = rng.normal(0.5, 0.2, size=(64, 3, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = legacy_click_channel_statistics(images)
loader = LegacyClickBatchLoader((images - mean) / std, labels, 16)
flat_dim = 3 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 64))
w2 = rng.normal(0.0, math.sqrt(2.0 / 64), size=(64, 2))
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
results["train_legacy_click_image_network"] = float(float(np.mean(losses[-len(loader):])))


class StreamWindGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-6):
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


# Experiment: score_stream_wind_naive_bayes
num_classes = 4
rng = np.random.default_rng(SEED + 2677)
features, labels = make_blobs(150, 6, num_classes, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = StreamWindGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_stream_wind_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class CleanEnergyKMeans:
    """Lloyd's algorithm over 8-dimensional clean_energy readings."""

    def __init__(self, n_clusters, max_iterations=20, tolerance=1e-4):
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


# Experiment: cluster_clean_energy_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 2684)
points, _ = make_blobs(300, 8, n_clusters, 0.6, rng)
model = CleanEnergyKMeans(n_clusters).fit(points, rng)
results["cluster_clean_energy_readings"] = float(model.inertia(points) / points.shape[0])


class NoisyVibrationAdam:
    """Adam with bias correction for a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.01, beta1=0.9, beta2=0.999, eps=1e-8):
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


def noisy_vibration_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_noisy_vibration_regressor
epochs = 60
rng = np.random.default_rng(SEED + 2691)
features = rng.normal(size=(128, 8))
true_weights = rng.normal(size=(8, 1))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 1))
weights = np.zeros((8, 1))
bias = np.zeros(1)
optimizer = NoisyVibrationAdam([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = noisy_vibration_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(8)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_noisy_vibration_regressor"] = float(mse + gap)


def nightly_retail_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class NightlyRetailEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-4):
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


def nightly_retail_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_nightly_retail_logistic_model
total_steps = 40
base_rate = 1.0
rng = np.random.default_rng(SEED + 2698)
features = rng.normal(size=(300, 10))
direction = rng.normal(size=10)
labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
split = 225
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(10)
stopper = NightlyRetailEarlyStopping()
for step in range(total_steps):
    rate = nightly_retail_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(nightly_retail_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_nightly_retail_logistic_model"] = float(stopper.best)


def hourly_solar_im2col(images, kernel, stride, padding):
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


class HourlySolarConv2D:
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
        columns, out_h, out_w = hourly_solar_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def hourly_solar_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_hourly_solar_images
batch_size = 2
rng = np.random.default_rng(SEED + 2705)
images = rng.normal(size=(batch_size, 1, 8, 8))
conv1 = HourlySolarConv2D(1, 6, 3, 1, 1, rng)
conv2 = HourlySolarConv2D(6, 16, 3, 1, 1, rng)
hidden = hourly_solar_max_pool(relu(conv1(images)), 2)
hidden = hourly_solar_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_hourly_solar_images"] = float(cross_entropy(probs, one_hot(labels, 5)))


class BatchMarketTiedAutoencoder:
    """Encodes 12 features into 2 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_batch_market_signals
epochs = 80
learning_rate = 0.05
rng = np.random.default_rng(SEED + 2712)
basis = rng.normal(size=(2, 12))
signals = sigmoid(rng.normal(size=(200, 2))) @ basis
model = BatchMarketTiedAutoencoder(12, 2, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_batch_market_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def traffic_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class TrafficMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional traffic embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = traffic_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def traffic_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def traffic_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_traffic_sequences
batch_size = 2
length = 10
model_dim = 32
rng = np.random.default_rng(SEED + 2719)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = TrafficMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = traffic_layer_norm(hidden + attended, gamma, beta)
    hidden = traffic_layer_norm(hidden + traffic_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_traffic_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class HourlyWindBatchNorm:
    """Batch normalisation over 64 features with running statistics for inference."""

    def __init__(self, features, momentum=0.95, eps=1e-5):
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


def hourly_wind_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_hourly_wind_dense_network
steps = 10
rng = np.random.default_rng(SEED + 2726)
inputs = rng.normal(1.0, 2.0, size=(128, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 4))
norm = HourlyWindBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = hourly_wind_dropout(hidden, 0.5, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_hourly_wind_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def legacy_flight_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def legacy_flight_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def legacy_flight_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def legacy_flight_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_legacy_flight_classifier
num_classes = 3
rng = np.random.default_rng(SEED + 2733)
actual = rng.integers(0, num_classes, size=250)
logits = rng.normal(size=(250, num_classes))
logits[np.arange(250), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = legacy_flight_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = legacy_flight_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = legacy_flight_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_legacy_flight_classifier"] = float(macro_f1 + auc - gap - 0.1 * legacy_flight_log_loss(probs, actual))


class LegacyQueryMLP:
    """A 1-hidden-layer perceptron for the legacy_query task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else relu(z)
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
                delta = (delta @ self.weights[layer].T) * relu_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_legacy_query_mlp
epochs = 4
learning_rate = 0.1
rng = np.random.default_rng(SEED + 2740)
features, labels = make_blobs(200, 8, 3, 0.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = LegacyQueryMLP([8, 16, 3], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_legacy_query_mlp"] = float(((test_accuracy, history))[0])


class LegacyWindRecurrentCell:
    """A tanh recurrent cell with a 16-dimensional state."""

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


# Experiment: forecast_legacy_wind_series
steps = 12
rng = np.random.default_rng(SEED + 2747)
time = np.arange(steps + 1) * 0.3
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = LegacyWindRecurrentCell(2, 16, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_legacy_wind_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def daily_review_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def daily_review_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_daily_review_text_classifier
epochs = 5
learning_rate = 2.0
rng = np.random.default_rng(SEED + 2754)
vocab_size, embed_dim, num_classes = 100, 8, 2
token_ids = daily_review_pad_sequences(rng.integers(1, vocab_size, size=(128, 12)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = daily_review_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_daily_review_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def dense_session_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class DenseSessionMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional dense_session embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = dense_session_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def dense_session_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def dense_session_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_dense_session_sequences
batch_size = 2
length = 10
model_dim = 32
rng = np.random.default_rng(SEED + 2761)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = DenseSessionMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = dense_session_layer_norm(hidden + attended, gamma, beta)
    hidden = dense_session_layer_norm(hidden + dense_session_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_dense_session_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class StreamFlightGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-3):
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


# Experiment: score_stream_flight_naive_bayes
num_classes = 3
rng = np.random.default_rng(SEED + 2768)
features, labels = make_blobs(300, 9, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = StreamFlightGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_stream_flight_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def clean_server_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def clean_server_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_clean_server_features
n_components = 3
rng = np.random.default_rng(SEED + 2775)
latent = rng.normal(size=(150, 3))
mixing = rng.normal(size=(3, 6))
data = latent @ mixing + 0.05 * rng.normal(size=(150, 6))
components, explained = clean_server_principal_components(data, n_components)
projected, reconstruction = clean_server_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_clean_server_features"] = float(float(explained.sum()) - error - agreement)


class MobileDocumentMomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.02, momentum=0.8):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated


def mobile_document_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_mobile_document_regressor
epochs = 20
rng = np.random.default_rng(SEED + 2782)
features = rng.normal(size=(128, 4))
true_weights = rng.normal(size=(4, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 2))
weights = np.zeros((4, 2))
bias = np.zeros(2)
optimizer = MobileDocumentMomentumSGD([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = mobile_document_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(4)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_mobile_document_regressor"] = float(mse + gap)


class DailyFraudTiedAutoencoder:
    """Encodes 16 features into 3 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_daily_fraud_signals
epochs = 50
learning_rate = 0.05
rng = np.random.default_rng(SEED + 2789)
basis = rng.normal(size=(3, 16))
signals = sigmoid(rng.normal(size=(100, 3))) @ basis
model = DailyFraudTiedAutoencoder(16, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_daily_fraud_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def legacy_session_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def legacy_session_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_legacy_session_softmax_regression
iterations = 20
step_size = 0.1
l2 = 0.001
rng = np.random.default_rng(SEED + 2796)
features, labels = make_blobs(240, 16, 5, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((16, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = legacy_session_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = legacy_session_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_legacy_session_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def clean_flight_im2col(images, kernel, stride, padding):
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


class CleanFlightConv2D:
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
        columns, out_h, out_w = clean_flight_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def clean_flight_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_clean_flight_images
batch_size = 4
rng = np.random.default_rng(SEED + 2803)
images = rng.normal(size=(batch_size, 3, 12, 12))
conv1 = CleanFlightConv2D(3, 4, 3, 1, 1, rng)
conv2 = CleanFlightConv2D(4, 8, 3, 1, 1, rng)
hidden = clean_flight_max_pool(relu(conv1(images)), 2)
hidden = clean_flight_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 3, size=batch_size)
results["classify_clean_flight_images"] = float(cross_entropy(probs, one_hot(labels, 3)))


class LegacyProductBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 legacy_product images."""

    def __init__(self, images, labels, batch_size, noise=0.01, seed=0):
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


def legacy_product_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_legacy_product_image_network
epochs = 2
learning_rate = 0.05
rng = np.random.default_rng(SEED + 2810)
images = rng.normal(0.5, 0.2, size=(64, 3, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = legacy_product_channel_statistics(images)
loader = LegacyProductBatchLoader((images - mean) / std, labels, 16)
flat_dim = 3 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 64))
w2 = rng.normal(0.0, math.sqrt(2.0 / 64), size=(64, 2))
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
results["train_legacy_product_image_network"] = float(float(np.mean(losses[-len(loader):])))


def dense_energy_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class DenseEnergyEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=5, min_delta=1e-3):
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


def dense_energy_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_dense_energy_logistic_model
total_steps = 40
base_rate = 0.2
rng = np.random.default_rng(SEED + 2817)
features = rng.normal(size=(400, 20))
direction = rng.normal(size=20)
labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
split = 300
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(20)
stopper = DenseEnergyEarlyStopping()
for step in range(total_steps):
    rate = dense_energy_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(dense_energy_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_dense_energy_logistic_model"] = float(stopper.best)


class NoisyWindKMeans:
    """Lloyd's algorithm over 8-dimensional noisy_wind readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-5):
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


# Experiment: cluster_noisy_wind_readings
n_clusters = 6
rng = np.random.default_rng(SEED + 2824)
points, _ = make_blobs(200, 8, n_clusters, 0.9, rng)
model = NoisyWindKMeans(n_clusters).fit(points, rng)
results["cluster_noisy_wind_readings"] = float(model.inertia(points) / points.shape[0])


class RegionalTrafficTiedAutoencoder:
    """Encodes 8 features into 2 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_regional_traffic_signals
epochs = 80
learning_rate = 0.2
rng = np.random.default_rng(SEED + 2831)
basis = rng.normal(size=(2, 8))
signals = sigmoid(rng.normal(size=(100, 2))) @ basis
model = RegionalTrafficTiedAutoencoder(8, 2, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_regional_traffic_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class MarketMLP:
    """A 2-hidden-layer perceptron for the market task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else relu(z)
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
                delta = (delta @ self.weights[layer].T) * relu_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_market_mlp
epochs = 4
learning_rate = 0.01
rng = np.random.default_rng(SEED + 2838)
features, labels = make_blobs(240, 16, 4, 0.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = MarketMLP([16, 24, 32, 4], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_market_mlp"] = float(((test_accuracy, history))[0])


class WeeklyGalaxyGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-3):
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


# Experiment: score_weekly_galaxy_naive_bayes
num_classes = 2
rng = np.random.default_rng(SEED + 2845)
features, labels = make_blobs(300, 2, num_classes, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = WeeklyGalaxyGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_weekly_galaxy_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def batch_patient_im2col(images, kernel, stride, padding):
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


class BatchPatientConv2D:
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
        columns, out_h, out_w = batch_patient_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def batch_patient_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_batch_patient_images
batch_size = 2
rng = np.random.default_rng(SEED + 2852)
images = rng.normal(size=(batch_size, 3, 16, 16))
conv1 = BatchPatientConv2D(3, 6, 3, 1, 1, rng)
conv2 = BatchPatientConv2D(6, 8, 3, 1, 1, rng)
hidden = batch_patient_max_pool(relu(conv1(images)), 2)
hidden = batch_patient_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_batch_patient_images"] = float(cross_entropy(probs, one_hot(labels, 5)))


class DenseLidarKMeans:
    """Lloyd's algorithm over 3-dimensional dense_lidar readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-4):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 3))

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


# Experiment: cluster_dense_lidar_readings
n_clusters = 4
rng = np.random.default_rng(SEED + 2859)
points, _ = make_blobs(300, 3, n_clusters, 0.6, rng)
model = DenseLidarKMeans(n_clusters).fit(points, rng)
results["cluster_dense_lidar_readings"] = float(model.inertia(points) / points.shape[0])


def pilot_query_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def pilot_query_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def pilot_query_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def pilot_query_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_pilot_query_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 2866)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 1.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = pilot_query_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = pilot_query_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = pilot_query_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_pilot_query_classifier"] = float(macro_f1 + auc - gap - 0.1 * pilot_query_log_loss(probs, actual))


def weekly_crop_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def weekly_crop_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_weekly_crop_text_classifier
epochs = 20
learning_rate = 2.0
rng = np.random.default_rng(SEED + 2873)
vocab_size, embed_dim, num_classes = 100, 32, 2
token_ids = weekly_crop_pad_sequences(rng.integers(1, vocab_size, size=(200, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = weekly_crop_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_weekly_crop_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class CleanAudioBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 clean_audio images."""

    def __init__(self, images, labels, batch_size, noise=0.1, seed=0):
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


def clean_audio_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_clean_audio_image_network
epochs = 4
learning_rate = 0.01
rng = np.random.default_rng(SEED + 2880)
images = rng.normal(0.5, 0.2, size=(128, 3, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = clean_audio_channel_statistics(images)
loader = CleanAudioBatchLoader((images - mean) / std, labels, 32)
flat_dim = 3 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 64))
w2 = rng.normal(0.0, math.sqrt(2.0 / 64), size=(64, 2))
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
results["train_clean_audio_image_network"] = float(float(np.mean(losses[-len(loader):])))


def regional_user_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class RegionalUserEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=5, min_delta=1e-4):
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


def regional_user_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_regional_user_logistic_model
total_steps = 40
base_rate = 1.0
rng = np.random.default_rng(SEED + 2887)
features = rng.normal(size=(200, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = RegionalUserEarlyStopping()
for step in range(total_steps):
    rate = regional_user_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(regional_user_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_regional_user_logistic_model"] = float(stopper.best)


class HoldoutGenomeBatchNorm:
    """Batch normalisation over 64 features with running statistics for inference."""

    def __init__(self, features, momentum=0.99, eps=1e-5):
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


def holdout_genome_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_holdout_genome_dense_network
steps = 10
rng = np.random.default_rng(SEED + 2894)
inputs = rng.normal(1.0, 2.0, size=(128, 16))
w_hidden = rng.normal(0.0, 0.2, size=(16, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 1))
norm = HoldoutGenomeBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = holdout_genome_dropout(hidden, 0.1, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_holdout_genome_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def hourly_protein_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class HourlyProteinMultiHeadAttention:
    """Self-attention with 2 heads over 16-dimensional hourly_protein embeddings."""

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
        context, weights = hourly_protein_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def hourly_protein_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def hourly_protein_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_hourly_protein_sequences
batch_size = 8
length = 16
model_dim = 16
rng = np.random.default_rng(SEED + 2901)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = HourlyProteinMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(3):
    attended, weights = attention(hidden)
    hidden = hourly_protein_layer_norm(hidden + attended, gamma, beta)
    hidden = hourly_protein_layer_norm(hidden + hourly_protein_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_hourly_protein_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class HoldoutPatientRecurrentCell:
    """A tanh recurrent cell with a 16-dimensional state."""

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


# Experiment: forecast_holdout_patient_series
steps = 20
rng = np.random.default_rng(SEED + 2908)
time = np.arange(steps + 1) * 0.3
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = HoldoutPatientRecurrentCell(2, 16, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_holdout_patient_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def mobile_vibration_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def mobile_vibration_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_mobile_vibration_features
n_components = 4
rng = np.random.default_rng(SEED + 2915)
latent = rng.normal(size=(200, 4))
mixing = rng.normal(size=(4, 12))
data = latent @ mixing + 0.05 * rng.normal(size=(200, 12))
components, explained = mobile_vibration_principal_components(data, n_components)
projected, reconstruction = mobile_vibration_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_mobile_vibration_features"] = float(float(explained.sum()) - error - agreement)


def hourly_ecg_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def hourly_ecg_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_hourly_ecg_softmax_regression
iterations = 50
step_size = 0.5
l2 = 0.0001
rng = np.random.default_rng(SEED + 2922)
features, labels = make_blobs(180, 10, 3, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((10, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = hourly_ecg_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = hourly_ecg_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_hourly_ecg_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class StreamMoleculeMomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.05, momentum=0.9):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated


def stream_molecule_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_stream_molecule_regressor
epochs = 20
rng = np.random.default_rng(SEED + 2929)
features = rng.normal(size=(64, 12))
true_weights = rng.normal(size=(12, 1))
targets = features @ true_weights + 0.1 * rng.normal(size=(64, 1))
weights = np.zeros((12, 1))
bias = np.zeros(1)
optimizer = StreamMoleculeMomentumSGD([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = stream_molecule_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.01 * np.eye(12)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_stream_molecule_regressor"] = float(mse + gap)


class RegionalStockMLP:
    """A 3-hidden-layer perceptron for the regional_stock task."""

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
            h = softmax(z) if layer == len(self.weights) - 1 else tanh_activation(z)
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
                delta = (delta @ self.weights[layer].T) * tanh_grad(pre_activations[layer - 1])
        return grads_w, grads_b

    def step(self, grads_w, grads_b, learning_rate):
        for layer in range(len(self.weights)):
            self.weights[layer] -= learning_rate * grads_w[layer]
            self.biases[layer] -= learning_rate * grads_b[layer]

    def predict_proba(self, x):
        activations, _ = self.forward(x)
        return activations[-1]


# Experiment: train_regional_stock_mlp
epochs = 4
learning_rate = 0.1
rng = np.random.default_rng(SEED + 2936)
features, labels = make_blobs(160, 24, 4, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = RegionalStockMLP([24, 48, 16, 64, 4], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_regional_stock_mlp"] = float(((test_accuracy, history))[0])


class WeeklyCreditGaussianNaiveBayes:
    """Gaussian class-conditional densities with diagonal covariance."""

    def __init__(self, num_classes, var_smoothing=1e-3):
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


# Experiment: score_weekly_credit_naive_bayes
num_classes = 3
rng = np.random.default_rng(SEED + 2943)
features, labels = make_blobs(300, 9, num_classes, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = WeeklyCreditGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_weekly_credit_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def pilot_shipment_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def pilot_shipment_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_pilot_shipment_softmax_regression
iterations = 50
step_size = 0.1
l2 = 0.01
rng = np.random.default_rng(SEED + 2950)
features, labels = make_blobs(240, 10, 3, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((10, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = pilot_shipment_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = pilot_shipment_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_pilot_shipment_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class HourlyLoanRecurrentCell:
    """A tanh recurrent cell with a 24-dimensional state."""

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


# Experiment: forecast_hourly_loan_series
steps = 12
rng = np.random.default_rng(SEED + 2957)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = HourlyLoanRecurrentCell(2, 24, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_hourly_loan_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def nightly_shipment_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class NightlyShipmentMultiHeadAttention:
    """Self-attention with 2 heads over 16-dimensional nightly_shipment embeddings."""

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

    def __call__(self, x, causal=True):
        q = self.split_heads(x @ self.w_query)
        k = self.split_heads(x @ self.w_key)
        v = self.split_heads(x @ self.w_value)
        mask = None
        if causal:
            length = x.shape[1]
            mask = np.tril(np.ones((length, length), dtype=bool))
        context, weights = nightly_shipment_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def nightly_shipment_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def nightly_shipment_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_nightly_shipment_sequences
batch_size = 2
length = 16
model_dim = 16
rng = np.random.default_rng(SEED + 2964)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = NightlyShipmentMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(1):
    attended, weights = attention(hidden)
    hidden = nightly_shipment_layer_norm(hidden + attended, gamma, beta)
    hidden = nightly_shipment_layer_norm(hidden + nightly_shipment_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_nightly_shipment_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


class MobileSessionBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 mobile_session images."""

    def __init__(self, images, labels, batch_size, noise=0.1, seed=0):
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


def mobile_session_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_mobile_session_image_network
epochs = 4
learning_rate = 0.01
rng = np.random.default_rng(SEED + 2971)
images = rng.normal(0.5, 0.2, size=(128, 3, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = mobile_session_channel_statistics(images)
loader = MobileSessionBatchLoader((images - mean) / std, labels, 16)
flat_dim = 3 * 4 * 4
w1 = rng.normal(0.0, math.sqrt(2.0 / flat_dim), size=(flat_dim, 64))
w2 = rng.normal(0.0, math.sqrt(2.0 / 64), size=(64, 2))
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
results["train_mobile_session_image_network"] = float(float(np.mean(losses[-len(loader):])))


class PilotChurnTiedAutoencoder:
    """Encodes 8 features into 3 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_pilot_churn_signals
epochs = 50
learning_rate = 0.05
rng = np.random.default_rng(SEED + 2978)
basis = rng.normal(size=(3, 8))
signals = sigmoid(rng.normal(size=(100, 3))) @ basis
model = PilotChurnTiedAutoencoder(8, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_pilot_churn_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def mobile_click_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def mobile_click_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def mobile_click_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def mobile_click_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_mobile_click_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 2985)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = mobile_click_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = mobile_click_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = mobile_click_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_mobile_click_classifier"] = float(macro_f1 + auc - gap - 0.1 * mobile_click_log_loss(probs, actual))


def pilot_document_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class PilotDocumentEarlyStopping:
    """Stops when the validation loss has not improved by ``min_delta`` for ``patience`` checks."""

    def __init__(self, patience=3, min_delta=1e-3):
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


def pilot_document_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_pilot_document_logistic_model
total_steps = 60
base_rate = 0.5
rng = np.random.default_rng(SEED + 2992)
features = rng.normal(size=(400, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
split = 300
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = PilotDocumentEarlyStopping()
for step in range(total_steps):
    rate = pilot_document_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(pilot_document_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_pilot_document_logistic_model"] = float(stopper.best)


def dense_fraud_im2col(images, kernel, stride, padding):
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


class DenseFraudConv2D:
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
        columns, out_h, out_w = dense_fraud_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def dense_fraud_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_dense_fraud_images
batch_size = 4
rng = np.random.default_rng(SEED + 2999)
images = rng.normal(size=(batch_size, 1, 12, 12))
conv1 = DenseFraudConv2D(1, 6, 3, 1, 1, rng)
conv2 = DenseFraudConv2D(6, 8, 3, 1, 1, rng)
hidden = dense_fraud_max_pool(relu(conv1(images)), 2)
hidden = dense_fraud_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 3, size=batch_size)
results["classify_dense_fraud_images"] = float(cross_entropy(probs, one_hot(labels, 3)))


def legacy_eeg_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def legacy_eeg_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_legacy_eeg_features
n_components = 2
rng = np.random.default_rng(SEED + 3006)
latent = rng.normal(size=(200, 2))
mixing = rng.normal(size=(2, 8))
data = latent @ mixing + 0.01 * rng.normal(size=(200, 8))
components, explained = legacy_eeg_principal_components(data, n_components)
projected, reconstruction = legacy_eeg_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_legacy_eeg_features"] = float(float(explained.sum()) - error - agreement)


class SparseMoleculeAdam:
    """Adam with bias correction for a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.05, beta1=0.9, beta2=0.999, eps=1e-8):
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


def sparse_molecule_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_sparse_molecule_regressor
epochs = 20
rng = np.random.default_rng(SEED + 3013)
features = rng.normal(size=(128, 8))
true_weights = rng.normal(size=(8, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 2))
weights = np.zeros((8, 2))
bias = np.zeros(2)
optimizer = SparseMoleculeAdam([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = sparse_molecule_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(8)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_sparse_molecule_regressor"] = float(mse + gap)


class DailyVibrationBatchNorm:
    """Batch normalisation over 64 features with running statistics for inference."""

    def __init__(self, features, momentum=0.9, eps=1e-5):
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


def daily_vibration_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_daily_vibration_dense_network
steps = 20
rng = np.random.default_rng(SEED + 3020)
inputs = rng.normal(1.0, 2.0, size=(128, 16))
w_hidden = rng.normal(0.0, 0.2, size=(16, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 4))
norm = DailyVibrationBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = daily_vibration_dropout(hidden, 0.1, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_daily_vibration_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


class DailyPatientKMeans:
    """Lloyd's algorithm over 2-dimensional daily_patient readings."""

    def __init__(self, n_clusters, max_iterations=20, tolerance=1e-4):
        self.n_clusters = n_clusters
        self.max_iterations = max_iterations
        self.tolerance = tolerance
        self.centroids = np.zeros((n_clusters, 2))

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


# Experiment: cluster_daily_patient_readings
n_clusters = 4
rng = np.random.default_rng(SEED + 3027)
points, _ = make_blobs(120, 2, n_clusters, 0.4, rng)
model = DailyPatientKMeans(n_clusters).fit(points, rng)
results["cluster_daily_patient_readings"] = float(model.inertia(points) / points.shape[0])


def regional_video_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def regional_video_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_regional_video_text_classifier
epochs = 5
learning_rate = 0.5
rng = np.random.default_rng(SEED + 3034)
vocab_size, embed_dim, num_classes = 50, 16, 4
token_ids = regional_video_pad_sequences(rng.integers(1, vocab_size, size=(64, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = regional_video_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_regional_video_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


def sparse_speech_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def sparse_speech_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_sparse_speech_softmax_regression
iterations = 20
step_size = 0.1
l2 = 0.01
rng = np.random.default_rng(SEED + 3041)
features, labels = make_blobs(180, 10, 4, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 4)
weights = np.zeros((10, 4))
bias = np.zeros(4)
losses = []
for iteration in range(iterations):
    loss, probs = sparse_speech_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = sparse_speech_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_sparse_speech_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class NoisyRetailMomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.05, momentum=0.95):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated


def noisy_retail_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_noisy_retail_regressor
epochs = 20
rng = np.random.default_rng(SEED + 3048)
features = rng.normal(size=(256, 12))
true_weights = rng.normal(size=(12, 1))
targets = features @ true_weights + 0.1 * rng.normal(size=(256, 1))
weights = np.zeros((12, 1))
bias = np.zeros(1)
optimizer = NoisyRetailMomentumSGD([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = noisy_retail_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(12)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_noisy_retail_regressor"] = float(mse + gap)


def nightly_market_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class NightlyMarketMultiHeadAttention:
    """Self-attention with 2 heads over 8-dimensional nightly_market embeddings."""

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
        context, weights = nightly_market_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def nightly_market_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def nightly_market_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_nightly_market_sequences
batch_size = 2
length = 6
model_dim = 8
rng = np.random.default_rng(SEED + 3055)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = NightlyMarketMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 16))
w_out = rng.normal(0.0, 0.1, size=(16, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(1):
    attended, weights = attention(hidden)
    hidden = nightly_market_layer_norm(hidden + attended, gamma, beta)
    hidden = nightly_market_layer_norm(hidden + nightly_market_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_nightly_market_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def dense_engine_im2col(images, kernel, stride, padding):
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


class DenseEngineConv2D:
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
        columns, out_h, out_w = dense_engine_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def dense_engine_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_dense_engine_images
batch_size = 6
rng = np.random.default_rng(SEED + 3062)
images = rng.normal(size=(batch_size, 3, 8, 8))
conv1 = DenseEngineConv2D(3, 4, 3, 1, 1, rng)
conv2 = DenseEngineConv2D(4, 16, 3, 1, 1, rng)
hidden = dense_engine_max_pool(relu(conv1(images)), 2)
hidden = dense_engine_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_dense_engine_images"] = float(cross_entropy(probs, one_hot(labels, 5)))


# Report
for label, score in results.items():
    print(f"{label:<48s} {score:12.5f}")
