"""Research script: NumPy experiments whose training loops run at module level.

Benchmark corpus for tensorls, composed by benchmarks/make_corpus.py from realistic NumPy building
blocks (seed 3001). Every experiment runs end to end on synthetic data: python benchmarks/corpus/script_medium.py
"""

import math

import numpy as np

SEED = 3001
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


class HourlyWindKMeans:
    """Lloyd's algorithm over 2-dimensional hourly_wind readings."""

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


# Experiment: cluster_hourly_wind_readings
n_clusters = 4
rng = np.random.default_rng(SEED + 101)
points, _ = make_blobs(120, 2, n_clusters, 0.4, rng)
model = HourlyWindKMeans(n_clusters).fit(points, rng)
results["cluster_hourly_wind_readings"] = float(model.inertia(points) / points.shape[0])


def noisy_satellite_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def noisy_satellite_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_noisy_satellite_text_classifier
epochs = 10
learning_rate = 2.0
rng = np.random.default_rng(SEED + 108)
vocab_size, embed_dim, num_classes = 100, 32, 4
token_ids = noisy_satellite_pad_sequences(rng.integers(1, vocab_size, size=(64, 12)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = noisy_satellite_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_noisy_satellite_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class NoisySpeechTiedAutoencoder:
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


# Experiment: compress_noisy_speech_signals
epochs = 80
learning_rate = 0.1
rng = np.random.default_rng(SEED + 115)
basis = rng.normal(size=(4, 12))
signals = sigmoid(rng.normal(size=(200, 4))) @ basis
model = NoisySpeechTiedAutoencoder(12, 4, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_noisy_speech_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def sparse_solar_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def sparse_solar_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def sparse_solar_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def sparse_solar_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_sparse_solar_classifier
num_classes = 3
rng = np.random.default_rng(SEED + 122)
actual = rng.integers(0, num_classes, size=100)
logits = rng.normal(size=(100, num_classes))
logits[np.arange(100), actual] += 1.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = sparse_solar_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = sparse_solar_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = sparse_solar_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_sparse_solar_classifier"] = float(macro_f1 + auc - gap - 0.1 * sparse_solar_log_loss(probs, actual))


class MobileStockRecurrentCell:
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


# Experiment: forecast_mobile_stock_series
steps = 20
rng = np.random.default_rng(SEED + 129)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = MobileStockRecurrentCell(2, 16, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_mobile_stock_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def daily_query_im2col(images, kernel, stride, padding):
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


class DailyQueryConv2D:
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
        columns, out_h, out_w = daily_query_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def daily_query_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_daily_query_images
batch_size = 6
rng = np.random.default_rng(SEED + 136)
images = rng.normal(size=(batch_size, 1, 16, 16))
conv1 = DailyQueryConv2D(1, 8, 3, 1, 1, rng)
conv2 = DailyQueryConv2D(8, 8, 3, 1, 1, rng)
hidden = daily_query_max_pool(relu(conv1(images)), 2)
hidden = daily_query_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_daily_query_images"] = float(cross_entropy(probs, one_hot(labels, 5)))


def noisy_document_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class NoisyDocumentEarlyStopping:
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


def noisy_document_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_noisy_document_logistic_model
total_steps = 60
base_rate = 0.5
rng = np.random.default_rng(SEED + 143)
features = rng.normal(size=(200, 10))
direction = rng.normal(size=10)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(10)
stopper = NoisyDocumentEarlyStopping()
for step in range(total_steps):
    rate = noisy_document_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(noisy_document_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_noisy_document_logistic_model"] = float(stopper.best)


def legacy_flight_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def legacy_flight_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_legacy_flight_softmax_regression
iterations = 50
step_size = 0.3
l2 = 0.0001
rng = np.random.default_rng(SEED + 150)
features, labels = make_blobs(150, 4, 3, 0.7, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((4, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = legacy_flight_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = legacy_flight_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_legacy_flight_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def daily_solar_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def daily_solar_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_daily_solar_features
n_components = 2
rng = np.random.default_rng(SEED + 157)
latent = rng.normal(size=(100, 2))
mixing = rng.normal(size=(2, 8))
data = latent @ mixing + 0.05 * rng.normal(size=(100, 8))
components, explained = daily_solar_principal_components(data, n_components)
projected, reconstruction = daily_solar_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_daily_solar_features"] = float(float(explained.sum()) - error - agreement)


class StreamSeismicMLP:
    """A 3-hidden-layer perceptron for the stream_seismic task."""

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


# Experiment: train_stream_seismic_mlp
epochs = 5
learning_rate = 0.05
rng = np.random.default_rng(SEED + 164)
features, labels = make_blobs(320, 12, 6, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = StreamSeismicMLP([12, 64, 24, 64, 6], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 6))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 6)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_stream_seismic_mlp"] = float(((test_accuracy, history))[0])


class WeeklyRainfallGaussianNaiveBayes:
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


# Experiment: score_weekly_rainfall_naive_bayes
num_classes = 2
rng = np.random.default_rng(SEED + 171)
features, labels = make_blobs(240, 6, num_classes, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = WeeklyRainfallGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_weekly_rainfall_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class CleanRainfallAdam:
    """Adam with bias correction for a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.02, beta1=0.9, beta2=0.999, eps=1e-8):
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


def clean_rainfall_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_clean_rainfall_regressor
epochs = 20
rng = np.random.default_rng(SEED + 178)
features = rng.normal(size=(64, 12))
true_weights = rng.normal(size=(12, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(64, 2))
weights = np.zeros((12, 2))
bias = np.zeros(2)
optimizer = CleanRainfallAdam([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = clean_rainfall_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.1 * np.eye(12)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_clean_rainfall_regressor"] = float(mse + gap)


class StreamDocumentBatchNorm:
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


def stream_document_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_stream_document_dense_network
steps = 20
rng = np.random.default_rng(SEED + 185)
inputs = rng.normal(1.0, 2.0, size=(128, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 48))
w_out = rng.normal(0.0, 0.2, size=(48, 1))
norm = StreamDocumentBatchNorm(48)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = stream_document_dropout(hidden, 0.2, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_stream_document_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


class HourlyAdvertBatchLoader:
    """Yields shuffled, augmented minibatches of 3x6x6 hourly_advert images."""

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


def hourly_advert_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_hourly_advert_image_network
epochs = 2
learning_rate = 0.01
rng = np.random.default_rng(SEED + 192)
images = rng.normal(0.5, 0.2, size=(128, 3, 6, 6))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = hourly_advert_channel_statistics(images)
loader = HourlyAdvertBatchLoader((images - mean) / std, labels, 16)
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
results["train_hourly_advert_image_network"] = float(float(np.mean(losses[-len(loader):])))


def pilot_soil_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class PilotSoilMultiHeadAttention:
    """Self-attention with 4 heads over 32-dimensional pilot_soil embeddings."""

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
        context, weights = pilot_soil_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def pilot_soil_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def pilot_soil_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_pilot_soil_sequences
batch_size = 4
length = 16
model_dim = 32
rng = np.random.default_rng(SEED + 199)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = PilotSoilMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = pilot_soil_layer_norm(hidden + attended, gamma, beta)
    hidden = pilot_soil_layer_norm(hidden + pilot_soil_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_pilot_soil_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def dense_engine_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def dense_engine_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def dense_engine_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def dense_engine_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_dense_engine_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 206)
actual = rng.integers(0, num_classes, size=100)
logits = rng.normal(size=(100, num_classes))
logits[np.arange(100), actual] += 1.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = dense_engine_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = dense_engine_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = dense_engine_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_dense_engine_classifier"] = float(macro_f1 + auc - gap - 0.1 * dense_engine_log_loss(probs, actual))


class WeeklySpeechBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 weekly_speech images."""

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


def weekly_speech_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_weekly_speech_image_network
epochs = 2
learning_rate = 0.05
rng = np.random.default_rng(SEED + 213)
images = rng.normal(0.5, 0.2, size=(96, 1, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = weekly_speech_channel_statistics(images)
loader = WeeklySpeechBatchLoader((images - mean) / std, labels, 32)
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
results["train_weekly_speech_image_network"] = float(float(np.mean(losses[-len(loader):])))


class StreamRainfallGaussianNaiveBayes:
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


# Experiment: score_stream_rainfall_naive_bayes
num_classes = 3
rng = np.random.default_rng(SEED + 220)
features, labels = make_blobs(150, 6, num_classes, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = StreamRainfallGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_stream_rainfall_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class CleanGalaxyBatchNorm:
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


def clean_galaxy_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_clean_galaxy_dense_network
steps = 10
rng = np.random.default_rng(SEED + 227)
inputs = rng.normal(1.0, 2.0, size=(128, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 8))
norm = CleanGalaxyBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = clean_galaxy_dropout(hidden, 0.2, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_clean_galaxy_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def stream_session_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class StreamSessionEarlyStopping:
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


def stream_session_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_stream_session_logistic_model
total_steps = 60
base_rate = 0.5
rng = np.random.default_rng(SEED + 234)
features = rng.normal(size=(200, 10))
direction = rng.normal(size=10)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(10)
stopper = StreamSessionEarlyStopping()
for step in range(total_steps):
    rate = stream_session_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(stream_session_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_stream_session_logistic_model"] = float(stopper.best)


def nightly_rainfall_im2col(images, kernel, stride, padding):
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


class NightlyRainfallConv2D:
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
        columns, out_h, out_w = nightly_rainfall_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def nightly_rainfall_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_nightly_rainfall_images
batch_size = 6
rng = np.random.default_rng(SEED + 241)
images = rng.normal(size=(batch_size, 3, 8, 8))
conv1 = NightlyRainfallConv2D(3, 6, 3, 1, 1, rng)
conv2 = NightlyRainfallConv2D(6, 16, 3, 1, 1, rng)
hidden = nightly_rainfall_max_pool(relu(conv1(images)), 2)
hidden = nightly_rainfall_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 10, size=batch_size)
results["classify_nightly_rainfall_images"] = float(cross_entropy(probs, one_hot(labels, 10)))


class DenseCropKMeans:
    """Lloyd's algorithm over 2-dimensional dense_crop readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-5):
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


# Experiment: cluster_dense_crop_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 248)
points, _ = make_blobs(120, 2, n_clusters, 0.6, rng)
model = DenseCropKMeans(n_clusters).fit(points, rng)
results["cluster_dense_crop_readings"] = float(model.inertia(points) / points.shape[0])


class WeeklyVibrationRMSProp:
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


def weekly_vibration_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_weekly_vibration_regressor
epochs = 40
rng = np.random.default_rng(SEED + 255)
features = rng.normal(size=(128, 12))
true_weights = rng.normal(size=(12, 3))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 3))
weights = np.zeros((12, 3))
bias = np.zeros(3)
optimizer = WeeklyVibrationRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = weekly_vibration_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.01 * np.eye(12)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_weekly_vibration_regressor"] = float(mse + gap)


def daily_genome_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def daily_genome_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_daily_genome_features
n_components = 2
rng = np.random.default_rng(SEED + 262)
latent = rng.normal(size=(150, 2))
mixing = rng.normal(size=(2, 8))
data = latent @ mixing + 0.05 * rng.normal(size=(150, 8))
components, explained = daily_genome_principal_components(data, n_components)
projected, reconstruction = daily_genome_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_daily_genome_features"] = float(float(explained.sum()) - error - agreement)


def lidar_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def lidar_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_lidar_text_classifier
epochs = 5
learning_rate = 2.0
rng = np.random.default_rng(SEED + 269)
vocab_size, embed_dim, num_classes = 50, 8, 3
token_ids = lidar_pad_sequences(rng.integers(1, vocab_size, size=(128, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = lidar_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_lidar_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class SparseVibrationTiedAutoencoder:
    """Encodes 12 features into 3 sigmoid units and decodes with the transposed weights."""

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


# Experiment: compress_sparse_vibration_signals
epochs = 50
learning_rate = 0.05
rng = np.random.default_rng(SEED + 276)
basis = rng.normal(size=(3, 12))
signals = sigmoid(rng.normal(size=(100, 3))) @ basis
model = SparseVibrationTiedAutoencoder(12, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_sparse_vibration_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class BatchEnergyRecurrentCell:
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


# Experiment: forecast_batch_energy_series
steps = 30
rng = np.random.default_rng(SEED + 283)
time = np.arange(steps + 1) * 0.1
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = BatchEnergyRecurrentCell(2, 8, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_batch_energy_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


class CleanSoilMLP:
    """A 2-hidden-layer perceptron for the clean_soil task."""

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


# Experiment: train_clean_soil_mlp
epochs = 4
learning_rate = 0.01
rng = np.random.default_rng(SEED + 290)
features, labels = make_blobs(200, 24, 5, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = CleanSoilMLP([24, 24, 32, 5], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 5))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 5)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_clean_soil_mlp"] = float(((test_accuracy, history))[0])


def batch_protein_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def batch_protein_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_batch_protein_softmax_regression
iterations = 30
step_size = 0.1
l2 = 0.0001
rng = np.random.default_rng(SEED + 297)
features, labels = make_blobs(150, 16, 5, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((16, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = batch_protein_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = batch_protein_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_batch_protein_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


def pilot_inventory_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class PilotInventoryMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional pilot_inventory embeddings."""

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
        context, weights = pilot_inventory_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def pilot_inventory_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def pilot_inventory_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_pilot_inventory_sequences
batch_size = 4
length = 6
model_dim = 64
rng = np.random.default_rng(SEED + 304)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = PilotInventoryMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(3):
    attended, weights = attention(hidden)
    hidden = pilot_inventory_layer_norm(hidden + attended, gamma, beta)
    hidden = pilot_inventory_layer_norm(hidden + pilot_inventory_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_pilot_inventory_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def hourly_market_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def hourly_market_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_hourly_market_features
n_components = 4
rng = np.random.default_rng(SEED + 311)
latent = rng.normal(size=(150, 4))
mixing = rng.normal(size=(4, 12))
data = latent @ mixing + 0.1 * rng.normal(size=(150, 12))
components, explained = hourly_market_principal_components(data, n_components)
projected, reconstruction = hourly_market_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_hourly_market_features"] = float(float(explained.sum()) - error - agreement)


def holdout_rainfall_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def holdout_rainfall_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_holdout_rainfall_softmax_regression
iterations = 30
step_size = 0.5
l2 = 0.001
rng = np.random.default_rng(SEED + 318)
features, labels = make_blobs(240, 4, 4, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 4)
weights = np.zeros((4, 4))
bias = np.zeros(4)
losses = []
for iteration in range(iterations):
    loss, probs = holdout_rainfall_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = holdout_rainfall_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_holdout_rainfall_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class BatchRainfallRecurrentCell:
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


# Experiment: forecast_batch_rainfall_series
steps = 20
rng = np.random.default_rng(SEED + 325)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = BatchRainfallRecurrentCell(2, 16, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_batch_rainfall_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


class BatchEegKMeans:
    """Lloyd's algorithm over 2-dimensional batch_eeg readings."""

    def __init__(self, n_clusters, max_iterations=20, tolerance=1e-3):
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


# Experiment: cluster_batch_eeg_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 332)
points, _ = make_blobs(120, 2, n_clusters, 0.4, rng)
model = BatchEegKMeans(n_clusters).fit(points, rng)
results["cluster_batch_eeg_readings"] = float(model.inertia(points) / points.shape[0])


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
epochs = 3
learning_rate = 0.1
rng = np.random.default_rng(SEED + 339)
images = rng.normal(0.5, 0.2, size=(64, 1, 4, 4))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = nightly_engine_channel_statistics(images)
loader = NightlyEngineBatchLoader((images - mean) / std, labels, 32)
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


class RegionalShipmentMomentumSGD:
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


def regional_shipment_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_regional_shipment_regressor
epochs = 60
rng = np.random.default_rng(SEED + 346)
features = rng.normal(size=(128, 4))
true_weights = rng.normal(size=(4, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 2))
weights = np.zeros((4, 2))
bias = np.zeros(2)
optimizer = RegionalShipmentMomentumSGD([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = regional_shipment_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(4)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_regional_shipment_regressor"] = float(mse + gap)


def nightly_claim_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def nightly_claim_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_nightly_claim_text_classifier
epochs = 10
learning_rate = 0.5
rng = np.random.default_rng(SEED + 353)
vocab_size, embed_dim, num_classes = 50, 16, 3
token_ids = nightly_claim_pad_sequences(rng.integers(1, vocab_size, size=(64, 12)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = nightly_claim_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_nightly_claim_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class DailySessionTiedAutoencoder:
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


# Experiment: compress_daily_session_signals
epochs = 80
learning_rate = 0.05
rng = np.random.default_rng(SEED + 360)
basis = rng.normal(size=(4, 16))
signals = sigmoid(rng.normal(size=(200, 4))) @ basis
model = DailySessionTiedAutoencoder(16, 4, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_daily_session_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


class HoldoutVibrationBatchNorm:
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


def holdout_vibration_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_holdout_vibration_dense_network
steps = 20
rng = np.random.default_rng(SEED + 367)
inputs = rng.normal(1.0, 2.0, size=(256, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 48))
w_out = rng.normal(0.0, 0.2, size=(48, 8))
norm = HoldoutVibrationBatchNorm(48)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = holdout_vibration_dropout(hidden, 0.1, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_holdout_vibration_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


class RegionalTrafficGaussianNaiveBayes:
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


# Experiment: score_regional_traffic_naive_bayes
num_classes = 2
rng = np.random.default_rng(SEED + 374)
features, labels = make_blobs(300, 2, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = RegionalTrafficGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_regional_traffic_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


def stream_radar_im2col(images, kernel, stride, padding):
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


class StreamRadarConv2D:
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
        columns, out_h, out_w = stream_radar_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def stream_radar_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_stream_radar_images
batch_size = 4
rng = np.random.default_rng(SEED + 381)
images = rng.normal(size=(batch_size, 1, 16, 16))
conv1 = StreamRadarConv2D(1, 6, 3, 1, 1, rng)
conv2 = StreamRadarConv2D(6, 8, 3, 1, 1, rng)
hidden = stream_radar_max_pool(relu(conv1(images)), 2)
hidden = stream_radar_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 10, size=batch_size)
results["classify_stream_radar_images"] = float(cross_entropy(probs, one_hot(labels, 10)))


class DailyEnergyMLP:
    """A 3-hidden-layer perceptron for the daily_energy task."""

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


# Experiment: train_daily_energy_mlp
epochs = 5
learning_rate = 0.1
rng = np.random.default_rng(SEED + 388)
features, labels = make_blobs(320, 20, 3, 0.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = DailyEnergyMLP([20, 16, 32, 24, 3], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_daily_energy_mlp"] = float(((test_accuracy, history))[0])


def batch_packet_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def batch_packet_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def batch_packet_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def batch_packet_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_batch_packet_classifier
num_classes = 6
rng = np.random.default_rng(SEED + 395)
actual = rng.integers(0, num_classes, size=250)
logits = rng.normal(size=(250, num_classes))
logits[np.arange(250), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = batch_packet_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = batch_packet_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = batch_packet_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_batch_packet_classifier"] = float(macro_f1 + auc - gap - 0.1 * batch_packet_log_loss(probs, actual))


def dense_inventory_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class DenseInventoryMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional dense_inventory embeddings."""

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
        context, weights = dense_inventory_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def dense_inventory_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def dense_inventory_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_dense_inventory_sequences
batch_size = 2
length = 6
model_dim = 32
rng = np.random.default_rng(SEED + 402)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = DenseInventoryMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = dense_inventory_layer_norm(hidden + attended, gamma, beta)
    hidden = dense_inventory_layer_norm(hidden + dense_inventory_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_dense_inventory_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def batch_soil_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class BatchSoilEarlyStopping:
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


def batch_soil_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_batch_soil_logistic_model
total_steps = 100
base_rate = 1.0
rng = np.random.default_rng(SEED + 409)
features = rng.normal(size=(200, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = BatchSoilEarlyStopping()
for step in range(total_steps):
    rate = batch_soil_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(batch_soil_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_batch_soil_logistic_model"] = float(stopper.best)


def weekly_galaxy_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class WeeklyGalaxyEarlyStopping:
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


def weekly_galaxy_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# Experiment: train_weekly_galaxy_logistic_model
total_steps = 40
base_rate = 0.2
rng = np.random.default_rng(SEED + 416)
features = rng.normal(size=(300, 10))
direction = rng.normal(size=10)
labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
split = 225
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(10)
stopper = WeeklyGalaxyEarlyStopping()
for step in range(total_steps):
    rate = weekly_galaxy_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(weekly_galaxy_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_weekly_galaxy_logistic_model"] = float(stopper.best)


class NightlySoilBatchLoader:
    """Yields shuffled, augmented minibatches of 1x6x6 nightly_soil images."""

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


def nightly_soil_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# Experiment: train_nightly_soil_image_network
epochs = 2
learning_rate = 0.01
rng = np.random.default_rng(SEED + 423)
images = rng.normal(0.5, 0.2, size=(64, 1, 6, 6))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = nightly_soil_channel_statistics(images)
loader = NightlySoilBatchLoader((images - mean) / std, labels, 32)
flat_dim = 1 * 6 * 6
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
results["train_nightly_soil_image_network"] = float(float(np.mean(losses[-len(loader):])))


class DenseServerRecurrentCell:
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


# Experiment: forecast_dense_server_series
steps = 20
rng = np.random.default_rng(SEED + 430)
time = np.arange(steps + 1) * 0.3
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = DenseServerRecurrentCell(2, 8, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_dense_server_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))


def dense_fraud_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def dense_fraud_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# Experiment: reduce_dense_fraud_features
n_components = 2
rng = np.random.default_rng(SEED + 437)
latent = rng.normal(size=(100, 2))
mixing = rng.normal(size=(2, 8))
data = latent @ mixing + 0.05 * rng.normal(size=(100, 8))
components, explained = dense_fraud_principal_components(data, n_components)
projected, reconstruction = dense_fraud_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_dense_fraud_features"] = float(float(explained.sum()) - error - agreement)


def regional_ecg_im2col(images, kernel, stride, padding):
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


class RegionalEcgConv2D:
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
        columns, out_h, out_w = regional_ecg_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def regional_ecg_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# Experiment: classify_regional_ecg_images
batch_size = 4
rng = np.random.default_rng(SEED + 444)
images = rng.normal(size=(batch_size, 3, 8, 8))
conv1 = RegionalEcgConv2D(3, 6, 3, 1, 1, rng)
conv2 = RegionalEcgConv2D(6, 12, 3, 1, 1, rng)
hidden = regional_ecg_max_pool(relu(conv1(images)), 2)
hidden = regional_ecg_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_regional_ecg_images"] = float(cross_entropy(probs, one_hot(labels, 5)))


def stream_server_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def stream_server_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# Experiment: fit_stream_server_softmax_regression
iterations = 50
step_size = 0.3
l2 = 0.01
rng = np.random.default_rng(SEED + 451)
features, labels = make_blobs(150, 6, 4, 1.2, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 4)
weights = np.zeros((6, 4))
bias = np.zeros(4)
losses = []
for iteration in range(iterations):
    loss, probs = stream_server_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = stream_server_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_stream_server_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])


class FlightTiedAutoencoder:
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


# Experiment: compress_flight_signals
epochs = 80
learning_rate = 0.05
rng = np.random.default_rng(SEED + 458)
basis = rng.normal(size=(2, 12))
signals = sigmoid(rng.normal(size=(200, 2))) @ basis
model = FlightTiedAutoencoder(12, 2, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_flight_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))


def document_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def document_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# Experiment: train_document_text_classifier
epochs = 10
learning_rate = 1.0
rng = np.random.default_rng(SEED + 465)
vocab_size, embed_dim, num_classes = 500, 32, 3
token_ids = document_pad_sequences(rng.integers(1, vocab_size, size=(128, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = document_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_document_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))


class DenseProteinBatchNorm:
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


def dense_protein_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_dense_protein_dense_network
steps = 10
rng = np.random.default_rng(SEED + 472)
inputs = rng.normal(1.0, 2.0, size=(128, 16))
w_hidden = rng.normal(0.0, 0.2, size=(16, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 1))
norm = DenseProteinBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = dense_protein_dropout(hidden, 0.5, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_dense_protein_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


def mobile_flight_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class MobileFlightMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional mobile_flight embeddings."""

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
        context, weights = mobile_flight_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def mobile_flight_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def mobile_flight_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# Experiment: encode_mobile_flight_sequences
batch_size = 8
length = 10
model_dim = 64
rng = np.random.default_rng(SEED + 479)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = MobileFlightMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 256))
w_out = rng.normal(0.0, 0.1, size=(256, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(3):
    attended, weights = attention(hidden)
    hidden = mobile_flight_layer_norm(hidden + attended, gamma, beta)
    hidden = mobile_flight_layer_norm(hidden + mobile_flight_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_mobile_flight_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))


def dense_galaxy_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def dense_galaxy_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def dense_galaxy_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def dense_galaxy_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# Experiment: evaluate_dense_galaxy_classifier
num_classes = 4
rng = np.random.default_rng(SEED + 486)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 1.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = dense_galaxy_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = dense_galaxy_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = dense_galaxy_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_dense_galaxy_classifier"] = float(macro_f1 + auc - gap - 0.1 * dense_galaxy_log_loss(probs, actual))


class SparseVideoMLP:
    """A 1-hidden-layer perceptron for the sparse_video task."""

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


# Experiment: train_sparse_video_mlp
epochs = 4
learning_rate = 0.01
rng = np.random.default_rng(SEED + 493)
features, labels = make_blobs(160, 8, 4, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = SparseVideoMLP([8, 64, 4], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_sparse_video_mlp"] = float(((test_accuracy, history))[0])


class DenseSolarAdam:
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


def dense_solar_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# Experiment: fit_dense_solar_regressor
epochs = 40
rng = np.random.default_rng(SEED + 500)
features = rng.normal(size=(128, 8))
true_weights = rng.normal(size=(8, 3))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 3))
weights = np.zeros((8, 3))
bias = np.zeros(3)
optimizer = DenseSolarAdam([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = dense_solar_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.01 * np.eye(8)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_dense_solar_regressor"] = float(mse + gap)


class BatchSalesGaussianNaiveBayes:
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


# Experiment: score_batch_sales_naive_bayes
num_classes = 2
rng = np.random.default_rng(SEED + 507)
features, labels = make_blobs(150, 4, num_classes, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = BatchSalesGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_batch_sales_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))


class HourlyQueryKMeans:
    """Lloyd's algorithm over 3-dimensional hourly_query readings."""

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


# Experiment: cluster_hourly_query_readings
n_clusters = 3
rng = np.random.default_rng(SEED + 514)
points, _ = make_blobs(200, 3, n_clusters, 0.9, rng)
model = HourlyQueryKMeans(n_clusters).fit(points, rng)
results["cluster_hourly_query_readings"] = float(model.inertia(points) / points.shape[0])


class NoisySessionKMeans:
    """Lloyd's algorithm over 3-dimensional noisy_session readings."""

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


# Experiment: cluster_noisy_session_readings
n_clusters = 6
rng = np.random.default_rng(SEED + 521)
points, _ = make_blobs(120, 3, n_clusters, 0.4, rng)
model = NoisySessionKMeans(n_clusters).fit(points, rng)
results["cluster_noisy_session_readings"] = float(model.inertia(points) / points.shape[0])


class StreamTrafficBatchNorm:
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


def stream_traffic_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# Experiment: run_stream_traffic_dense_network
steps = 10
rng = np.random.default_rng(SEED + 528)
inputs = rng.normal(1.0, 2.0, size=(128, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 32))
w_out = rng.normal(0.0, 0.2, size=(32, 8))
norm = StreamTrafficBatchNorm(32)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = stream_traffic_dropout(hidden, 0.1, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_stream_traffic_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))


# Report
for label, score in results.items():
    print(f"{label:<48s} {score:12.5f}")
