"""Model zoo: NumPy training and evaluation suites.

Benchmark corpus for tensorls, composed by benchmarks/make_corpus.py from realistic NumPy building
blocks (seed 3000). Every experiment runs end to end on synthetic data: python benchmarks/corpus/ml_medium.py
"""

import math

import numpy as np

SEED = 3000
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


def clean_credit_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def clean_credit_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_clean_credit_features(n_components=3):
    rng = np.random.default_rng(SEED + 101)
    latent = rng.normal(size=(200, 3))
    mixing = rng.normal(size=(3, 8))
    data = latent @ mixing + 0.1 * rng.normal(size=(200, 8))
    components, explained = clean_credit_principal_components(data, n_components)
    projected, reconstruction = clean_credit_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


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


def fit_pilot_shipment_softmax_regression(iterations=50, step_size=0.5, l2=0.01):
    rng = np.random.default_rng(SEED + 108)
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
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class LegacyLidarRMSProp:
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


def legacy_lidar_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_legacy_lidar_regressor(epochs=40):
    rng = np.random.default_rng(SEED + 115)
    features = rng.normal(size=(256, 16))
    true_weights = rng.normal(size=(16, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(256, 3))
    weights = np.zeros((16, 3))
    bias = np.zeros(3)
    optimizer = LegacyLidarRMSProp([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = legacy_lidar_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 1.0 * np.eye(16)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class BatchSensorKMeans:
    """Lloyd's algorithm over 5-dimensional batch_sensor readings."""

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


def cluster_batch_sensor_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 122)
    points, _ = make_blobs(300, 5, n_clusters, 0.9, rng)
    model = BatchSensorKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def mobile_server_im2col(images, kernel, stride, padding):
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


class MobileServerConv2D:
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
        columns, out_h, out_w = mobile_server_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def mobile_server_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_mobile_server_images(batch_size=2):
    rng = np.random.default_rng(SEED + 129)
    images = rng.normal(size=(batch_size, 3, 8, 8))
    conv1 = MobileServerConv2D(3, 8, 3, 1, 1, rng)
    conv2 = MobileServerConv2D(8, 12, 3, 1, 1, rng)
    hidden = mobile_server_max_pool(relu(conv1(images)), 2)
    hidden = mobile_server_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 5, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 5))


def noisy_protein_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class NoisyProteinMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional noisy_protein embeddings."""

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


def encode_noisy_protein_sequences(batch_size=2, length=16, model_dim=64):
    rng = np.random.default_rng(SEED + 136)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = NoisyProteinMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
    w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(1):
        attended, weights = attention(hidden)
        hidden = noisy_protein_layer_norm(hidden + attended, gamma, beta)
        hidden = noisy_protein_layer_norm(hidden + noisy_protein_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class SparseProductMLP:
    """A 1-hidden-layer perceptron for the sparse_product task."""

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


def train_sparse_product_mlp(epochs=5, learning_rate=0.02):
    rng = np.random.default_rng(SEED + 143)
    features, labels = make_blobs(240, 20, 6, 0.8, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = SparseProductMLP([20, 48, 6], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 6))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 6)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class HoldoutEegRecurrentCell:
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


def forecast_holdout_eeg_series(steps=20):
    rng = np.random.default_rng(SEED + 150)
    time = np.arange(steps + 1) * 0.3
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = HoldoutEegRecurrentCell(2, 8, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


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


def evaluate_dense_document_classifier(num_classes=4):
    rng = np.random.default_rng(SEED + 157)
    actual = rng.integers(0, num_classes, size=400)
    logits = rng.normal(size=(400, num_classes))
    logits[np.arange(400), actual] += 1.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = dense_document_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = dense_document_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = dense_document_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * dense_document_log_loss(probs, actual)


def sparse_click_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class SparseClickEarlyStopping:
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


def sparse_click_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_sparse_click_logistic_model(total_steps=40, base_rate=0.5):
    rng = np.random.default_rng(SEED + 164)
    features = rng.normal(size=(300, 10))
    direction = rng.normal(size=10)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(10)
    stopper = SparseClickEarlyStopping()
    for step in range(total_steps):
        rate = sparse_click_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(sparse_click_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def regional_video_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def regional_video_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_regional_video_text_classifier(epochs=20, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 171)
    vocab_size, embed_dim, num_classes = 50, 32, 3
    token_ids = regional_video_pad_sequences(rng.integers(1, vocab_size, size=(128, 20)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = regional_video_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class MobileEngineGaussianNaiveBayes:
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


def score_mobile_engine_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 178)
    features, labels = make_blobs(150, 9, num_classes, 2.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = MobileEngineGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class DailyMarketBatchNorm:
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


def daily_market_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_daily_market_dense_network(steps=20):
    rng = np.random.default_rng(SEED + 185)
    inputs = rng.normal(1.0, 2.0, size=(128, 10))
    w_hidden = rng.normal(0.0, 0.2, size=(10, 48))
    w_out = rng.normal(0.0, 0.2, size=(48, 8))
    norm = DailyMarketBatchNorm(48)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = daily_market_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class LegacyPixelTiedAutoencoder:
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


def compress_legacy_pixel_signals(epochs=80, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 192)
    basis = rng.normal(size=(3, 20))
    signals = sigmoid(rng.normal(size=(100, 3))) @ basis
    model = LegacyPixelTiedAutoencoder(20, 3, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class LegacyClaimBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 legacy_claim images."""

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


def legacy_claim_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_legacy_claim_image_network(epochs=2, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 199)
    images = rng.normal(0.5, 0.2, size=(64, 1, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = legacy_claim_channel_statistics(images)
    loader = LegacyClaimBatchLoader((images - mean) / std, labels, 16)
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
    return float(np.mean(losses[-len(loader) :]))


class MobileChurnMLP:
    """A 3-hidden-layer perceptron for the mobile_churn task."""

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


def train_mobile_churn_mlp(epochs=5, learning_rate=0.005):
    rng = np.random.default_rng(SEED + 206)
    features, labels = make_blobs(200, 16, 5, 0.8, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = MobileChurnMLP([16, 32, 16, 32, 5], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 5))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 5)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def hourly_rainfall_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class HourlyRainfallEarlyStopping:
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


def hourly_rainfall_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_hourly_rainfall_logistic_model(total_steps=100, base_rate=0.5):
    rng = np.random.default_rng(SEED + 213)
    features = rng.normal(size=(400, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
    split = 300
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = HourlyRainfallEarlyStopping()
    for step in range(total_steps):
        rate = hourly_rainfall_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(hourly_rainfall_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class CleanSeismicTiedAutoencoder:
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


def compress_clean_seismic_signals(epochs=80, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 220)
    basis = rng.normal(size=(4, 8))
    signals = sigmoid(rng.normal(size=(100, 4))) @ basis
    model = CleanSeismicTiedAutoencoder(8, 4, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class NightlyGalaxyGaussianNaiveBayes:
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


def score_nightly_galaxy_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 227)
    features, labels = make_blobs(300, 2, num_classes, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = NightlyGalaxyGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class MobileEnergyBatchNorm:
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


def mobile_energy_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_mobile_energy_dense_network(steps=5):
    rng = np.random.default_rng(SEED + 234)
    inputs = rng.normal(1.0, 2.0, size=(256, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 48))
    w_out = rng.normal(0.0, 0.2, size=(48, 8))
    norm = MobileEnergyBatchNorm(48)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = mobile_energy_dropout(hidden, 0.2, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class DailyTrafficKMeans:
    """Lloyd's algorithm over 2-dimensional daily_traffic readings."""

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


def cluster_daily_traffic_readings(n_clusters=6):
    rng = np.random.default_rng(SEED + 241)
    points, _ = make_blobs(300, 2, n_clusters, 0.6, rng)
    model = DailyTrafficKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def nightly_server_im2col(images, kernel, stride, padding):
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


class NightlyServerConv2D:
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
        columns, out_h, out_w = nightly_server_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def nightly_server_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_nightly_server_images(batch_size=6):
    rng = np.random.default_rng(SEED + 248)
    images = rng.normal(size=(batch_size, 1, 8, 8))
    conv1 = NightlyServerConv2D(1, 6, 3, 1, 1, rng)
    conv2 = NightlyServerConv2D(6, 12, 3, 1, 1, rng)
    hidden = nightly_server_max_pool(relu(conv1(images)), 2)
    hidden = nightly_server_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


def stream_sales_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def stream_sales_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_stream_sales_text_classifier(epochs=10, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 255)
    vocab_size, embed_dim, num_classes = 500, 8, 2
    token_ids = stream_sales_pad_sequences(rng.integers(1, vocab_size, size=(200, 20)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = stream_sales_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class LegacyChurnRecurrentCell:
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


def forecast_legacy_churn_series(steps=12):
    rng = np.random.default_rng(SEED + 262)
    time = np.arange(steps + 1) * 0.1
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = LegacyChurnRecurrentCell(2, 24, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class DenseChurnBatchLoader:
    """Yields shuffled, augmented minibatches of 1x6x6 dense_churn images."""

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


def dense_churn_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_dense_churn_image_network(epochs=2, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 269)
    images = rng.normal(0.5, 0.2, size=(128, 1, 6, 6))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = dense_churn_channel_statistics(images)
    loader = DenseChurnBatchLoader((images - mean) / std, labels, 16)
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
    return float(np.mean(losses[-len(loader) :]))


def regional_loan_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class RegionalLoanMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional regional_loan embeddings."""

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
        context, weights = regional_loan_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def regional_loan_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def regional_loan_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_regional_loan_sequences(batch_size=2, length=10, model_dim=64):
    rng = np.random.default_rng(SEED + 276)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = RegionalLoanMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
    w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(3):
        attended, weights = attention(hidden)
        hidden = regional_loan_layer_norm(hidden + attended, gamma, beta)
        hidden = regional_loan_layer_norm(hidden + regional_loan_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def mobile_review_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def mobile_review_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def mobile_review_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def mobile_review_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_mobile_review_classifier(num_classes=2):
    rng = np.random.default_rng(SEED + 283)
    actual = rng.integers(0, num_classes, size=400)
    logits = rng.normal(size=(400, num_classes))
    logits[np.arange(400), actual] += 1.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = mobile_review_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = mobile_review_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = mobile_review_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * mobile_review_log_loss(probs, actual)


def hourly_flight_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def hourly_flight_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_hourly_flight_features(n_components=4):
    rng = np.random.default_rng(SEED + 290)
    latent = rng.normal(size=(100, 4))
    mixing = rng.normal(size=(4, 12))
    data = latent @ mixing + 0.01 * rng.normal(size=(100, 12))
    components, explained = hourly_flight_principal_components(data, n_components)
    projected, reconstruction = hourly_flight_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def regional_invoice_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def regional_invoice_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_regional_invoice_softmax_regression(iterations=50, step_size=0.5, l2=0.0001):
    rng = np.random.default_rng(SEED + 297)
    features, labels = make_blobs(150, 4, 4, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 4)
    weights = np.zeros((4, 4))
    bias = np.zeros(4)
    losses = []
    for iteration in range(iterations):
        loss, probs = regional_invoice_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = regional_invoice_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class StreamSensorMomentumSGD:
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


def stream_sensor_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_stream_sensor_regressor(epochs=40):
    rng = np.random.default_rng(SEED + 304)
    features = rng.normal(size=(128, 16))
    true_weights = rng.normal(size=(16, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(128, 3))
    weights = np.zeros((16, 3))
    bias = np.zeros(3)
    optimizer = StreamSensorMomentumSGD([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = stream_sensor_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.1 * np.eye(16)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def batch_speech_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def batch_speech_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def batch_speech_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def batch_speech_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_batch_speech_classifier(num_classes=3):
    rng = np.random.default_rng(SEED + 311)
    actual = rng.integers(0, num_classes, size=400)
    logits = rng.normal(size=(400, num_classes))
    logits[np.arange(400), actual] += 2.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = batch_speech_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = batch_speech_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = batch_speech_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * batch_speech_log_loss(probs, actual)


def weekly_wind_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def weekly_wind_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_weekly_wind_features(n_components=4):
    rng = np.random.default_rng(SEED + 318)
    latent = rng.normal(size=(100, 4))
    mixing = rng.normal(size=(4, 8))
    data = latent @ mixing + 0.1 * rng.normal(size=(100, 8))
    components, explained = weekly_wind_principal_components(data, n_components)
    projected, reconstruction = weekly_wind_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def click_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class ClickEarlyStopping:
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


def click_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_click_logistic_model(total_steps=60, base_rate=0.5):
    rng = np.random.default_rng(SEED + 325)
    features = rng.normal(size=(300, 10))
    direction = rng.normal(size=10)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(10)
    stopper = ClickEarlyStopping()
    for step in range(total_steps):
        rate = click_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(click_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def pilot_traffic_im2col(images, kernel, stride, padding):
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


class PilotTrafficConv2D:
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
        columns, out_h, out_w = pilot_traffic_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def pilot_traffic_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_pilot_traffic_images(batch_size=2):
    rng = np.random.default_rng(SEED + 332)
    images = rng.normal(size=(batch_size, 3, 12, 12))
    conv1 = PilotTrafficConv2D(3, 6, 3, 1, 1, rng)
    conv2 = PilotTrafficConv2D(6, 8, 3, 1, 1, rng)
    hidden = pilot_traffic_max_pool(relu(conv1(images)), 2)
    hidden = pilot_traffic_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


class NightlyRainfallGaussianNaiveBayes:
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


def score_nightly_rainfall_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 339)
    features, labels = make_blobs(240, 6, num_classes, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = NightlyRainfallGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class LegacyAudioKMeans:
    """Lloyd's algorithm over 8-dimensional legacy_audio readings."""

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


def cluster_legacy_audio_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 346)
    points, _ = make_blobs(120, 8, n_clusters, 0.9, rng)
    model = LegacyAudioKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class MobileWindAdam:
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


def mobile_wind_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_mobile_wind_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 353)
    features = rng.normal(size=(64, 12))
    true_weights = rng.normal(size=(12, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(64, 3))
    weights = np.zeros((12, 3))
    bias = np.zeros(3)
    optimizer = MobileWindAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = mobile_wind_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.1 * np.eye(12)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class MobileRadarRecurrentCell:
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


def forecast_mobile_radar_series(steps=20):
    rng = np.random.default_rng(SEED + 360)
    time = np.arange(steps + 1) * 0.3
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = MobileRadarRecurrentCell(2, 16, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class RegionalEngineBatchLoader:
    """Yields shuffled, augmented minibatches of 3x6x6 regional_engine images."""

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


def regional_engine_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_regional_engine_image_network(epochs=3, learning_rate=0.01):
    rng = np.random.default_rng(SEED + 367)
    images = rng.normal(0.5, 0.2, size=(64, 3, 6, 6))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = regional_engine_channel_statistics(images)
    loader = RegionalEngineBatchLoader((images - mean) / std, labels, 16)
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
    return float(np.mean(losses[-len(loader) :]))


def noisy_vibration_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class NoisyVibrationMultiHeadAttention:
    """Self-attention with 4 heads over 32-dimensional noisy_vibration embeddings."""

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
        context, weights = noisy_vibration_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def noisy_vibration_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def noisy_vibration_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_noisy_vibration_sequences(batch_size=4, length=6, model_dim=32):
    rng = np.random.default_rng(SEED + 374)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = NoisyVibrationMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
    w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(3):
        attended, weights = attention(hidden)
        hidden = noisy_vibration_layer_norm(hidden + attended, gamma, beta)
        hidden = noisy_vibration_layer_norm(hidden + noisy_vibration_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class DenseProteinBatchNorm:
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


def dense_protein_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_dense_protein_dense_network(steps=10):
    rng = np.random.default_rng(SEED + 381)
    inputs = rng.normal(1.0, 2.0, size=(128, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 48))
    w_out = rng.normal(0.0, 0.2, size=(48, 1))
    norm = DenseProteinBatchNorm(48)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = dense_protein_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def weekly_solar_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def weekly_solar_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_weekly_solar_text_classifier(epochs=10, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 388)
    vocab_size, embed_dim, num_classes = 100, 8, 4
    token_ids = weekly_solar_pad_sequences(rng.integers(1, vocab_size, size=(200, 20)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = weekly_solar_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class HoldoutEngineMLP:
    """A 2-hidden-layer perceptron for the holdout_engine task."""

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


def train_holdout_engine_mlp(epochs=4, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 395)
    features, labels = make_blobs(320, 16, 3, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = HoldoutEngineMLP([16, 48, 16, 3], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class HoldoutAudioTiedAutoencoder:
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


def compress_holdout_audio_signals(epochs=50, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 402)
    basis = rng.normal(size=(3, 20))
    signals = sigmoid(rng.normal(size=(200, 3))) @ basis
    model = HoldoutAudioTiedAutoencoder(20, 3, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


def sparse_energy_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def sparse_energy_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_sparse_energy_softmax_regression(iterations=50, step_size=0.1, l2=0.01):
    rng = np.random.default_rng(SEED + 409)
    features, labels = make_blobs(240, 16, 5, 0.7, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 5)
    weights = np.zeros((16, 5))
    bias = np.zeros(5)
    losses = []
    for iteration in range(iterations):
        loss, probs = sparse_energy_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = sparse_energy_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class MobileQueryKMeans:
    """Lloyd's algorithm over 5-dimensional mobile_query readings."""

    def __init__(self, n_clusters, max_iterations=20, tolerance=1e-5):
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


def cluster_mobile_query_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 416)
    points, _ = make_blobs(200, 5, n_clusters, 0.9, rng)
    model = MobileQueryKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class StreamChurnTiedAutoencoder:
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


def compress_stream_churn_signals(epochs=20, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 423)
    basis = rng.normal(size=(4, 8))
    signals = sigmoid(rng.normal(size=(100, 4))) @ basis
    model = StreamChurnTiedAutoencoder(8, 4, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class NoisyTurbineBatchNorm:
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


def noisy_turbine_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_noisy_turbine_dense_network(steps=20):
    rng = np.random.default_rng(SEED + 430)
    inputs = rng.normal(1.0, 2.0, size=(256, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 1))
    norm = NoisyTurbineBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = noisy_turbine_dropout(hidden, 0.2, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class MobileDocumentRecurrentCell:
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


def forecast_mobile_document_series(steps=30):
    rng = np.random.default_rng(SEED + 437)
    time = np.arange(steps + 1) * 0.1
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = MobileDocumentRecurrentCell(2, 24, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def daily_credit_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def daily_credit_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def daily_credit_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def daily_credit_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_daily_credit_classifier(num_classes=6):
    rng = np.random.default_rng(SEED + 444)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 1.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = daily_credit_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = daily_credit_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = daily_credit_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * daily_credit_log_loss(probs, actual)


def regional_sensor_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class RegionalSensorEarlyStopping:
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


def regional_sensor_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_regional_sensor_logistic_model(total_steps=40, base_rate=0.5):
    rng = np.random.default_rng(SEED + 451)
    features = rng.normal(size=(400, 5))
    direction = rng.normal(size=5)
    labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
    split = 300
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(5)
    stopper = RegionalSensorEarlyStopping()
    for step in range(total_steps):
        rate = regional_sensor_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(regional_sensor_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def daily_packet_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def daily_packet_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_daily_packet_features(n_components=2):
    rng = np.random.default_rng(SEED + 458)
    latent = rng.normal(size=(150, 2))
    mixing = rng.normal(size=(2, 8))
    data = latent @ mixing + 0.1 * rng.normal(size=(150, 8))
    components, explained = daily_packet_principal_components(data, n_components)
    projected, reconstruction = daily_packet_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def noisy_lidar_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class NoisyLidarMultiHeadAttention:
    """Self-attention with 2 heads over 16-dimensional noisy_lidar embeddings."""

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
        context, weights = noisy_lidar_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def noisy_lidar_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def noisy_lidar_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_noisy_lidar_sequences(batch_size=2, length=10, model_dim=16):
    rng = np.random.default_rng(SEED + 465)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = NoisyLidarMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
    w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(1):
        attended, weights = attention(hidden)
        hidden = noisy_lidar_layer_norm(hidden + attended, gamma, beta)
        hidden = noisy_lidar_layer_norm(hidden + noisy_lidar_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class HoldoutAdvertBatchLoader:
    """Yields shuffled, augmented minibatches of 3x6x6 holdout_advert images."""

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


def train_holdout_advert_image_network(epochs=4, learning_rate=0.01):
    rng = np.random.default_rng(SEED + 472)
    images = rng.normal(0.5, 0.2, size=(128, 3, 6, 6))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = holdout_advert_channel_statistics(images)
    loader = HoldoutAdvertBatchLoader((images - mean) / std, labels, 16)
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
    return float(np.mean(losses[-len(loader) :]))


def weekly_review_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def weekly_review_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_weekly_review_softmax_regression(iterations=20, step_size=0.3, l2=0.01):
    rng = np.random.default_rng(SEED + 479)
    features, labels = make_blobs(180, 10, 3, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 3)
    weights = np.zeros((10, 3))
    bias = np.zeros(3)
    losses = []
    for iteration in range(iterations):
        loss, probs = weekly_review_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = weekly_review_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class MobileRainfallGaussianNaiveBayes:
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


def score_mobile_rainfall_naive_bayes(num_classes=3):
    rng = np.random.default_rng(SEED + 486)
    features, labels = make_blobs(150, 4, num_classes, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = MobileRainfallGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class LegacyRainfallAdam:
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


def legacy_rainfall_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_legacy_rainfall_regressor(epochs=60):
    rng = np.random.default_rng(SEED + 493)
    features = rng.normal(size=(128, 12))
    true_weights = rng.normal(size=(12, 1))
    targets = features @ true_weights + 0.1 * rng.normal(size=(128, 1))
    weights = np.zeros((12, 1))
    bias = np.zeros(1)
    optimizer = LegacyRainfallAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = legacy_rainfall_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.01 * np.eye(12)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class CleanGenomeMLP:
    """A 2-hidden-layer perceptron for the clean_genome task."""

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


def train_clean_genome_mlp(epochs=3, learning_rate=0.01):
    rng = np.random.default_rng(SEED + 500)
    features, labels = make_blobs(240, 32, 5, 0.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = CleanGenomeMLP([32, 24, 24, 5], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 5))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 5)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def dense_energy_im2col(images, kernel, stride, padding):
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


class DenseEnergyConv2D:
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
        columns, out_h, out_w = dense_energy_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def dense_energy_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_dense_energy_images(batch_size=6):
    rng = np.random.default_rng(SEED + 507)
    images = rng.normal(size=(batch_size, 3, 16, 16))
    conv1 = DenseEnergyConv2D(3, 6, 3, 1, 1, rng)
    conv2 = DenseEnergyConv2D(6, 8, 3, 1, 1, rng)
    hidden = dense_energy_max_pool(relu(conv1(images)), 2)
    hidden = dense_energy_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 3, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 3))


def weekly_audio_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def weekly_audio_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_weekly_audio_text_classifier(epochs=5, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 514)
    vocab_size, embed_dim, num_classes = 500, 32, 3
    token_ids = weekly_audio_pad_sequences(rng.integers(1, vocab_size, size=(128, 20)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = weekly_audio_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


def hourly_document_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def hourly_document_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def hourly_document_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def hourly_document_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_hourly_document_classifier(num_classes=3):
    rng = np.random.default_rng(SEED + 521)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 2.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = hourly_document_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = hourly_document_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = hourly_document_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * hourly_document_log_loss(probs, actual)


class NoisyDocumentGaussianNaiveBayes:
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


def score_noisy_document_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 528)
    features, labels = make_blobs(300, 6, num_classes, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = NoisyDocumentGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


def run_suite_1(results):
    results["reduce_clean_credit_features"] = float(reduce_clean_credit_features())
    results["fit_pilot_shipment_softmax_regression"] = float(fit_pilot_shipment_softmax_regression())
    results["fit_legacy_lidar_regressor"] = float(fit_legacy_lidar_regressor())
    results["cluster_batch_sensor_readings"] = float(cluster_batch_sensor_readings())
    results["classify_mobile_server_images"] = float(classify_mobile_server_images())
    results["encode_noisy_protein_sequences"] = float(encode_noisy_protein_sequences())
    results["train_sparse_product_mlp"] = float(train_sparse_product_mlp()[0])
    results["forecast_holdout_eeg_series"] = float(forecast_holdout_eeg_series())
    return results


def run_suite_2(results):
    results["evaluate_dense_document_classifier"] = float(evaluate_dense_document_classifier())
    results["train_sparse_click_logistic_model"] = float(train_sparse_click_logistic_model())
    results["train_regional_video_text_classifier"] = float(train_regional_video_text_classifier())
    results["score_mobile_engine_naive_bayes"] = float(score_mobile_engine_naive_bayes())
    results["run_daily_market_dense_network"] = float(run_daily_market_dense_network())
    results["compress_legacy_pixel_signals"] = float(compress_legacy_pixel_signals())
    results["train_legacy_claim_image_network"] = float(train_legacy_claim_image_network())
    results["train_mobile_churn_mlp"] = float(train_mobile_churn_mlp()[0])
    return results


def run_suite_3(results):
    results["train_hourly_rainfall_logistic_model"] = float(train_hourly_rainfall_logistic_model())
    results["compress_clean_seismic_signals"] = float(compress_clean_seismic_signals())
    results["score_nightly_galaxy_naive_bayes"] = float(score_nightly_galaxy_naive_bayes())
    results["run_mobile_energy_dense_network"] = float(run_mobile_energy_dense_network())
    results["cluster_daily_traffic_readings"] = float(cluster_daily_traffic_readings())
    results["classify_nightly_server_images"] = float(classify_nightly_server_images())
    results["train_stream_sales_text_classifier"] = float(train_stream_sales_text_classifier())
    results["forecast_legacy_churn_series"] = float(forecast_legacy_churn_series())
    return results


def run_suite_4(results):
    results["train_dense_churn_image_network"] = float(train_dense_churn_image_network())
    results["encode_regional_loan_sequences"] = float(encode_regional_loan_sequences())
    results["evaluate_mobile_review_classifier"] = float(evaluate_mobile_review_classifier())
    results["reduce_hourly_flight_features"] = float(reduce_hourly_flight_features())
    results["fit_regional_invoice_softmax_regression"] = float(fit_regional_invoice_softmax_regression())
    results["fit_stream_sensor_regressor"] = float(fit_stream_sensor_regressor())
    results["evaluate_batch_speech_classifier"] = float(evaluate_batch_speech_classifier())
    results["reduce_weekly_wind_features"] = float(reduce_weekly_wind_features())
    return results


def run_suite_5(results):
    results["train_click_logistic_model"] = float(train_click_logistic_model())
    results["classify_pilot_traffic_images"] = float(classify_pilot_traffic_images())
    results["score_nightly_rainfall_naive_bayes"] = float(score_nightly_rainfall_naive_bayes())
    results["cluster_legacy_audio_readings"] = float(cluster_legacy_audio_readings())
    results["fit_mobile_wind_regressor"] = float(fit_mobile_wind_regressor())
    results["forecast_mobile_radar_series"] = float(forecast_mobile_radar_series())
    results["train_regional_engine_image_network"] = float(train_regional_engine_image_network())
    results["encode_noisy_vibration_sequences"] = float(encode_noisy_vibration_sequences())
    return results


def run_suite_6(results):
    results["run_dense_protein_dense_network"] = float(run_dense_protein_dense_network())
    results["train_weekly_solar_text_classifier"] = float(train_weekly_solar_text_classifier())
    results["train_holdout_engine_mlp"] = float(train_holdout_engine_mlp()[0])
    results["compress_holdout_audio_signals"] = float(compress_holdout_audio_signals())
    results["fit_sparse_energy_softmax_regression"] = float(fit_sparse_energy_softmax_regression())
    results["cluster_mobile_query_readings"] = float(cluster_mobile_query_readings())
    results["compress_stream_churn_signals"] = float(compress_stream_churn_signals())
    results["run_noisy_turbine_dense_network"] = float(run_noisy_turbine_dense_network())
    return results


def run_suite_7(results):
    results["forecast_mobile_document_series"] = float(forecast_mobile_document_series())
    results["evaluate_daily_credit_classifier"] = float(evaluate_daily_credit_classifier())
    results["train_regional_sensor_logistic_model"] = float(train_regional_sensor_logistic_model())
    results["reduce_daily_packet_features"] = float(reduce_daily_packet_features())
    results["encode_noisy_lidar_sequences"] = float(encode_noisy_lidar_sequences())
    results["train_holdout_advert_image_network"] = float(train_holdout_advert_image_network())
    results["fit_weekly_review_softmax_regression"] = float(fit_weekly_review_softmax_regression())
    results["score_mobile_rainfall_naive_bayes"] = float(score_mobile_rainfall_naive_bayes())
    return results


def run_suite_8(results):
    results["fit_legacy_rainfall_regressor"] = float(fit_legacy_rainfall_regressor())
    results["train_clean_genome_mlp"] = float(train_clean_genome_mlp()[0])
    results["classify_dense_energy_images"] = float(classify_dense_energy_images())
    results["train_weekly_audio_text_classifier"] = float(train_weekly_audio_text_classifier())
    results["evaluate_hourly_document_classifier"] = float(evaluate_hourly_document_classifier())
    results["score_noisy_document_naive_bayes"] = float(score_noisy_document_naive_bayes())
    return results


def main():
    results = {}
    run_suite_1(results)
    run_suite_2(results)
    run_suite_3(results)
    run_suite_4(results)
    run_suite_5(results)
    run_suite_6(results)
    run_suite_7(results)
    run_suite_8(results)
    for label, score in results.items():
        print(f"{label:<48s} {score:12.5f}")
    return results


if __name__ == "__main__":
    main()
