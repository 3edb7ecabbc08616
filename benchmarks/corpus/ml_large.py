"""Research monorepo script: many NumPy experiment suites.

Benchmark corpus for tensorls, composed by benchmarks/make_corpus.py from realistic NumPy building
blocks (seed 20000). Every experiment runs end to end on synthetic data: python benchmarks/corpus/ml_large.py
"""

import math

import numpy as np

SEED = 20000
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


class NoisyMarketRecurrentCell:
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


def forecast_noisy_market_series(steps=20):
    rng = np.random.default_rng(SEED + 101)
    time = np.arange(steps + 1) * 0.1
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = NoisyMarketRecurrentCell(2, 16, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class HoldoutAudioTiedAutoencoder:
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


def compress_holdout_audio_signals(epochs=50, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 108)
    basis = rng.normal(size=(2, 12))
    signals = sigmoid(rng.normal(size=(100, 2))) @ basis
    model = HoldoutAudioTiedAutoencoder(12, 2, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class LegacyRetailMomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.01, momentum=0.8):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated


def legacy_retail_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_legacy_retail_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 115)
    features = rng.normal(size=(256, 16))
    true_weights = rng.normal(size=(16, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(256, 3))
    weights = np.zeros((16, 3))
    bias = np.zeros(3)
    optimizer = LegacyRetailMomentumSGD([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = legacy_retail_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 1.0 * np.eye(16)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def sparse_genome_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class SparseGenomeMultiHeadAttention:
    """Self-attention with 4 heads over 32-dimensional sparse_genome embeddings."""

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
        context, weights = sparse_genome_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def sparse_genome_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def sparse_genome_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_sparse_genome_sequences(batch_size=8, length=10, model_dim=32):
    rng = np.random.default_rng(SEED + 122)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = SparseGenomeMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
    w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(3):
        attended, weights = attention(hidden)
        hidden = sparse_genome_layer_norm(hidden + attended, gamma, beta)
        hidden = sparse_genome_layer_norm(hidden + sparse_genome_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def dense_weather_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def dense_weather_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_dense_weather_features(n_components=4):
    rng = np.random.default_rng(SEED + 129)
    latent = rng.normal(size=(200, 4))
    mixing = rng.normal(size=(4, 6))
    data = latent @ mixing + 0.05 * rng.normal(size=(200, 6))
    components, explained = dense_weather_principal_components(data, n_components)
    projected, reconstruction = dense_weather_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def legacy_packet_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def legacy_packet_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_legacy_packet_softmax_regression(iterations=50, step_size=0.1, l2=0.0001):
    rng = np.random.default_rng(SEED + 136)
    features, labels = make_blobs(180, 10, 5, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 5)
    weights = np.zeros((10, 5))
    bias = np.zeros(5)
    losses = []
    for iteration in range(iterations):
        loss, probs = legacy_packet_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = legacy_packet_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def batch_rainfall_im2col(images, kernel, stride, padding):
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


class BatchRainfallConv2D:
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
        columns, out_h, out_w = batch_rainfall_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def batch_rainfall_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_batch_rainfall_images(batch_size=2):
    rng = np.random.default_rng(SEED + 143)
    images = rng.normal(size=(batch_size, 3, 12, 12))
    conv1 = BatchRainfallConv2D(3, 6, 3, 1, 1, rng)
    conv2 = BatchRainfallConv2D(6, 8, 3, 1, 1, rng)
    hidden = batch_rainfall_max_pool(relu(conv1(images)), 2)
    hidden = batch_rainfall_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 3, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 3))


class MoleculeMLP:
    """A 2-hidden-layer perceptron for the molecule task."""

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


def train_molecule_mlp(epochs=3, learning_rate=0.01):
    rng = np.random.default_rng(SEED + 150)
    features, labels = make_blobs(200, 32, 4, 0.8, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = MoleculeMLP([32, 64, 16, 4], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class BatchWeatherBatchNorm:
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


def batch_weather_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_batch_weather_dense_network(steps=10):
    rng = np.random.default_rng(SEED + 157)
    inputs = rng.normal(1.0, 2.0, size=(256, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 48))
    w_out = rng.normal(0.0, 0.2, size=(48, 4))
    norm = BatchWeatherBatchNorm(48)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = batch_weather_dropout(hidden, 0.2, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def holdout_product_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def holdout_product_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_holdout_product_text_classifier(epochs=20, learning_rate=1.0):
    rng = np.random.default_rng(SEED + 164)
    vocab_size, embed_dim, num_classes = 500, 32, 3
    token_ids = holdout_product_pad_sequences(rng.integers(1, vocab_size, size=(64, 20)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = holdout_product_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class NoisySolarGaussianNaiveBayes:
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


def score_noisy_solar_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 171)
    features, labels = make_blobs(240, 6, num_classes, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = NoisySolarGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


def legacy_eeg_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class LegacyEegEarlyStopping:
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


def legacy_eeg_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_legacy_eeg_logistic_model(total_steps=60, base_rate=1.0):
    rng = np.random.default_rng(SEED + 178)
    features = rng.normal(size=(400, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
    split = 300
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = LegacyEegEarlyStopping()
    for step in range(total_steps):
        rate = legacy_eeg_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(legacy_eeg_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def dense_churn_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def dense_churn_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def dense_churn_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def dense_churn_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_dense_churn_classifier(num_classes=3):
    rng = np.random.default_rng(SEED + 185)
    actual = rng.integers(0, num_classes, size=100)
    logits = rng.normal(size=(100, num_classes))
    logits[np.arange(100), actual] += 2.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = dense_churn_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = dense_churn_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = dense_churn_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * dense_churn_log_loss(probs, actual)


class DailyFraudBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 daily_fraud images."""

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


def daily_fraud_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_daily_fraud_image_network(epochs=2, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 192)
    images = rng.normal(0.5, 0.2, size=(128, 1, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = daily_fraud_channel_statistics(images)
    loader = DailyFraudBatchLoader((images - mean) / std, labels, 32)
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
    return float(np.mean(losses[-len(loader) :]))


class RegionalSessionKMeans:
    """Lloyd's algorithm over 5-dimensional regional_session readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-3):
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


def cluster_regional_session_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 199)
    points, _ = make_blobs(300, 5, n_clusters, 0.6, rng)
    model = RegionalSessionKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def legacy_seismic_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class LegacySeismicEarlyStopping:
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


def legacy_seismic_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_legacy_seismic_logistic_model(total_steps=40, base_rate=0.2):
    rng = np.random.default_rng(SEED + 206)
    features = rng.normal(size=(300, 5))
    direction = rng.normal(size=5)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(5)
    stopper = LegacySeismicEarlyStopping()
    for step in range(total_steps):
        rate = legacy_seismic_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(legacy_seismic_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def stream_ecg_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def stream_ecg_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_stream_ecg_softmax_regression(iterations=30, step_size=0.5, l2=0.0001):
    rng = np.random.default_rng(SEED + 213)
    features, labels = make_blobs(150, 6, 4, 1.2, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 4)
    weights = np.zeros((6, 4))
    bias = np.zeros(4)
    losses = []
    for iteration in range(iterations):
        loss, probs = stream_ecg_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = stream_ecg_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def batch_eeg_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def batch_eeg_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_batch_eeg_text_classifier(epochs=5, learning_rate=1.0):
    rng = np.random.default_rng(SEED + 220)
    vocab_size, embed_dim, num_classes = 100, 32, 4
    token_ids = batch_eeg_pad_sequences(rng.integers(1, vocab_size, size=(128, 12)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = batch_eeg_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


def mobile_engine_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class MobileEngineMultiHeadAttention:
    """Self-attention with 4 heads over 32-dimensional mobile_engine embeddings."""

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
        context, weights = mobile_engine_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def mobile_engine_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def mobile_engine_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_mobile_engine_sequences(batch_size=4, length=10, model_dim=32):
    rng = np.random.default_rng(SEED + 227)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = MobileEngineMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
    w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(3):
        attended, weights = attention(hidden)
        hidden = mobile_engine_layer_norm(hidden + attended, gamma, beta)
        hidden = mobile_engine_layer_norm(hidden + mobile_engine_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class NightlyEngineBatchLoader:
    """Yields shuffled, augmented minibatches of 3x8x8 nightly_engine images."""

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


def nightly_engine_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_nightly_engine_image_network(epochs=4, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 234)
    images = rng.normal(0.5, 0.2, size=(128, 3, 8, 8))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = nightly_engine_channel_statistics(images)
    loader = NightlyEngineBatchLoader((images - mean) / std, labels, 16)
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
    return float(np.mean(losses[-len(loader) :]))


class DailyShipmentGaussianNaiveBayes:
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


def score_daily_shipment_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 241)
    features, labels = make_blobs(240, 2, num_classes, 2.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = DailyShipmentGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class DailyVideoRecurrentCell:
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


def forecast_daily_video_series(steps=30):
    rng = np.random.default_rng(SEED + 248)
    time = np.arange(steps + 1) * 0.3
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = DailyVideoRecurrentCell(2, 24, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def pilot_user_im2col(images, kernel, stride, padding):
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


class PilotUserConv2D:
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
        columns, out_h, out_w = pilot_user_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def pilot_user_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_pilot_user_images(batch_size=2):
    rng = np.random.default_rng(SEED + 255)
    images = rng.normal(size=(batch_size, 3, 16, 16))
    conv1 = PilotUserConv2D(3, 6, 3, 1, 1, rng)
    conv2 = PilotUserConv2D(6, 16, 3, 1, 1, rng)
    hidden = pilot_user_max_pool(relu(conv1(images)), 2)
    hidden = pilot_user_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


class PilotGenomeMLP:
    """A 1-hidden-layer perceptron for the pilot_genome task."""

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


def train_pilot_genome_mlp(epochs=5, learning_rate=0.01):
    rng = np.random.default_rng(SEED + 262)
    features, labels = make_blobs(160, 20, 2, 0.8, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = PilotGenomeMLP([20, 32, 2], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 2))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 2)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class NightlySoilKMeans:
    """Lloyd's algorithm over 2-dimensional nightly_soil readings."""

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


def cluster_nightly_soil_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 269)
    points, _ = make_blobs(300, 2, n_clusters, 0.9, rng)
    model = NightlySoilKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class SparseRadarTiedAutoencoder:
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


def compress_sparse_radar_signals(epochs=20, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 276)
    basis = rng.normal(size=(2, 12))
    signals = sigmoid(rng.normal(size=(200, 2))) @ basis
    model = SparseRadarTiedAutoencoder(12, 2, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class PilotEcgBatchNorm:
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


def pilot_ecg_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_pilot_ecg_dense_network(steps=5):
    rng = np.random.default_rng(SEED + 283)
    inputs = rng.normal(1.0, 2.0, size=(256, 10))
    w_hidden = rng.normal(0.0, 0.2, size=(10, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 1))
    norm = PilotEcgBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = pilot_ecg_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def dense_packet_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def dense_packet_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_dense_packet_features(n_components=2):
    rng = np.random.default_rng(SEED + 290)
    latent = rng.normal(size=(200, 2))
    mixing = rng.normal(size=(2, 16))
    data = latent @ mixing + 0.1 * rng.normal(size=(200, 16))
    components, explained = dense_packet_principal_components(data, n_components)
    projected, reconstruction = dense_packet_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


class LegacyDocumentAdam:
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


def legacy_document_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_legacy_document_regressor(epochs=60):
    rng = np.random.default_rng(SEED + 297)
    features = rng.normal(size=(64, 4))
    true_weights = rng.normal(size=(4, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(64, 3))
    weights = np.zeros((4, 3))
    bias = np.zeros(3)
    optimizer = LegacyDocumentAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = legacy_document_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 1.0 * np.eye(4)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def stream_radar_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def stream_radar_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def stream_radar_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def stream_radar_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_stream_radar_classifier(num_classes=2):
    rng = np.random.default_rng(SEED + 304)
    actual = rng.integers(0, num_classes, size=400)
    logits = rng.normal(size=(400, num_classes))
    logits[np.arange(400), actual] += 1.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = stream_radar_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = stream_radar_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = stream_radar_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * stream_radar_log_loss(probs, actual)


def regional_solar_im2col(images, kernel, stride, padding):
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


class RegionalSolarConv2D:
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
        columns, out_h, out_w = regional_solar_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def regional_solar_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_regional_solar_images(batch_size=6):
    rng = np.random.default_rng(SEED + 311)
    images = rng.normal(size=(batch_size, 1, 16, 16))
    conv1 = RegionalSolarConv2D(1, 4, 3, 1, 1, rng)
    conv2 = RegionalSolarConv2D(4, 8, 3, 1, 1, rng)
    hidden = regional_solar_max_pool(relu(conv1(images)), 2)
    hidden = regional_solar_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


def market_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class MarketEarlyStopping:
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


def market_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_market_logistic_model(total_steps=100, base_rate=0.2):
    rng = np.random.default_rng(SEED + 318)
    features = rng.normal(size=(400, 10))
    direction = rng.normal(size=10)
    labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
    split = 300
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(10)
    stopper = MarketEarlyStopping()
    for step in range(total_steps):
        rate = market_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(market_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class CleanReviewGaussianNaiveBayes:
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


def score_clean_review_naive_bayes(num_classes=2):
    rng = np.random.default_rng(SEED + 325)
    features, labels = make_blobs(150, 4, num_classes, 2.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = CleanReviewGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class MobileRainfallKMeans:
    """Lloyd's algorithm over 5-dimensional mobile_rainfall readings."""

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


def cluster_mobile_rainfall_readings(n_clusters=6):
    rng = np.random.default_rng(SEED + 332)
    points, _ = make_blobs(300, 5, n_clusters, 0.4, rng)
    model = MobileRainfallKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def wind_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def wind_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_wind_softmax_regression(iterations=20, step_size=0.1, l2=0.0001):
    rng = np.random.default_rng(SEED + 339)
    features, labels = make_blobs(180, 6, 4, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 4)
    weights = np.zeros((6, 4))
    bias = np.zeros(4)
    losses = []
    for iteration in range(iterations):
        loss, probs = wind_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = wind_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def dense_pixel_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def dense_pixel_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def dense_pixel_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def dense_pixel_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_dense_pixel_classifier(num_classes=6):
    rng = np.random.default_rng(SEED + 346)
    actual = rng.integers(0, num_classes, size=400)
    logits = rng.normal(size=(400, num_classes))
    logits[np.arange(400), actual] += 1.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = dense_pixel_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = dense_pixel_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = dense_pixel_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * dense_pixel_log_loss(probs, actual)


class SparseStockMLP:
    """A 2-hidden-layer perceptron for the sparse_stock task."""

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


def train_sparse_stock_mlp(epochs=5, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 353)
    features, labels = make_blobs(320, 12, 6, 0.8, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = SparseStockMLP([12, 32, 16, 6], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 6))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 6)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class DenseSoilRecurrentCell:
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


def forecast_dense_soil_series(steps=30):
    rng = np.random.default_rng(SEED + 360)
    time = np.arange(steps + 1) * 0.3
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = DenseSoilRecurrentCell(2, 24, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def clean_flight_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class CleanFlightMultiHeadAttention:
    """Self-attention with 2 heads over 8-dimensional clean_flight embeddings."""

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
        context, weights = clean_flight_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def clean_flight_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def clean_flight_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_clean_flight_sequences(batch_size=4, length=10, model_dim=8):
    rng = np.random.default_rng(SEED + 367)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = CleanFlightMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
    w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = clean_flight_layer_norm(hidden + attended, gamma, beta)
        hidden = clean_flight_layer_norm(hidden + clean_flight_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def legacy_user_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def legacy_user_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_legacy_user_text_classifier(epochs=20, learning_rate=0.5):
    rng = np.random.default_rng(SEED + 374)
    vocab_size, embed_dim, num_classes = 500, 32, 2
    token_ids = legacy_user_pad_sequences(rng.integers(1, vocab_size, size=(200, 20)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = legacy_user_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class DailyPixelTiedAutoencoder:
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


def compress_daily_pixel_signals(epochs=20, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 381)
    basis = rng.normal(size=(2, 12))
    signals = sigmoid(rng.normal(size=(200, 2))) @ basis
    model = DailyPixelTiedAutoencoder(12, 2, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class HourlyMarketAdam:
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


def hourly_market_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_hourly_market_regressor(epochs=60):
    rng = np.random.default_rng(SEED + 388)
    features = rng.normal(size=(64, 4))
    true_weights = rng.normal(size=(4, 1))
    targets = features @ true_weights + 0.1 * rng.normal(size=(64, 1))
    weights = np.zeros((4, 1))
    bias = np.zeros(1)
    optimizer = HourlyMarketAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = hourly_market_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.01 * np.eye(4)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def weekly_vibration_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def weekly_vibration_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_weekly_vibration_features(n_components=3):
    rng = np.random.default_rng(SEED + 395)
    latent = rng.normal(size=(100, 3))
    mixing = rng.normal(size=(3, 12))
    data = latent @ mixing + 0.01 * rng.normal(size=(100, 12))
    components, explained = weekly_vibration_principal_components(data, n_components)
    projected, reconstruction = weekly_vibration_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


class HoldoutMoleculeBatchLoader:
    """Yields shuffled, augmented minibatches of 1x6x6 holdout_molecule images."""

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


def holdout_molecule_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_holdout_molecule_image_network(epochs=3, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 402)
    images = rng.normal(0.5, 0.2, size=(96, 1, 6, 6))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = holdout_molecule_channel_statistics(images)
    loader = HoldoutMoleculeBatchLoader((images - mean) / std, labels, 16)
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


class RegionalChurnBatchNorm:
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


def regional_churn_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_regional_churn_dense_network(steps=10):
    rng = np.random.default_rng(SEED + 409)
    inputs = rng.normal(1.0, 2.0, size=(256, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 32))
    w_out = rng.normal(0.0, 0.2, size=(32, 4))
    norm = RegionalChurnBatchNorm(32)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = regional_churn_dropout(hidden, 0.1, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def regional_stock_im2col(images, kernel, stride, padding):
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


class RegionalStockConv2D:
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
        columns, out_h, out_w = regional_stock_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def regional_stock_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_regional_stock_images(batch_size=2):
    rng = np.random.default_rng(SEED + 416)
    images = rng.normal(size=(batch_size, 1, 12, 12))
    conv1 = RegionalStockConv2D(1, 4, 3, 1, 1, rng)
    conv2 = RegionalStockConv2D(4, 8, 3, 1, 1, rng)
    hidden = regional_stock_max_pool(relu(conv1(images)), 2)
    hidden = regional_stock_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


def stream_pixel_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def stream_pixel_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_stream_pixel_softmax_regression(iterations=30, step_size=0.1, l2=0.01):
    rng = np.random.default_rng(SEED + 423)
    features, labels = make_blobs(240, 6, 3, 0.7, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 3)
    weights = np.zeros((6, 3))
    bias = np.zeros(3)
    losses = []
    for iteration in range(iterations):
        loss, probs = stream_pixel_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = stream_pixel_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def dense_sales_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class DenseSalesMultiHeadAttention:
    """Self-attention with 2 heads over 16-dimensional dense_sales embeddings."""

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
        context, weights = dense_sales_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def dense_sales_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def dense_sales_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_dense_sales_sequences(batch_size=8, length=6, model_dim=16):
    rng = np.random.default_rng(SEED + 430)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = DenseSalesMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
    w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = dense_sales_layer_norm(hidden + attended, gamma, beta)
        hidden = dense_sales_layer_norm(hidden + dense_sales_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class UserBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 user images."""

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


def user_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_user_image_network(epochs=3, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 437)
    images = rng.normal(0.5, 0.2, size=(128, 1, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = user_channel_statistics(images)
    loader = UserBatchLoader((images - mean) / std, labels, 32)
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
    return float(np.mean(losses[-len(loader) :]))


def regional_radar_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def regional_radar_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_regional_radar_features(n_components=3):
    rng = np.random.default_rng(SEED + 444)
    latent = rng.normal(size=(100, 3))
    mixing = rng.normal(size=(3, 12))
    data = latent @ mixing + 0.05 * rng.normal(size=(100, 12))
    components, explained = regional_radar_principal_components(data, n_components)
    projected, reconstruction = regional_radar_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


class StreamPacketTiedAutoencoder:
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


def compress_stream_packet_signals(epochs=20, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 451)
    basis = rng.normal(size=(3, 20))
    signals = sigmoid(rng.normal(size=(100, 3))) @ basis
    model = StreamPacketTiedAutoencoder(20, 3, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class RegionalSatelliteRecurrentCell:
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


def forecast_regional_satellite_series(steps=20):
    rng = np.random.default_rng(SEED + 458)
    time = np.arange(steps + 1) * 0.3
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = RegionalSatelliteRecurrentCell(2, 24, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def regional_review_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class RegionalReviewEarlyStopping:
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


def regional_review_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_regional_review_logistic_model(total_steps=60, base_rate=0.2):
    rng = np.random.default_rng(SEED + 465)
    features = rng.normal(size=(300, 5))
    direction = rng.normal(size=5)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(5)
    stopper = RegionalReviewEarlyStopping()
    for step in range(total_steps):
        rate = regional_review_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(regional_review_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class HoldoutTurbineGaussianNaiveBayes:
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


def score_holdout_turbine_naive_bayes(num_classes=3):
    rng = np.random.default_rng(SEED + 472)
    features, labels = make_blobs(150, 4, num_classes, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = HoldoutTurbineGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class LidarRMSProp:
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


def lidar_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_lidar_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 479)
    features = rng.normal(size=(128, 8))
    true_weights = rng.normal(size=(8, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(128, 3))
    weights = np.zeros((8, 3))
    bias = np.zeros(3)
    optimizer = LidarRMSProp([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = lidar_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.1 * np.eye(8)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class EegBatchNorm:
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


def eeg_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_eeg_dense_network(steps=5):
    rng = np.random.default_rng(SEED + 486)
    inputs = rng.normal(1.0, 2.0, size=(256, 10))
    w_hidden = rng.normal(0.0, 0.2, size=(10, 48))
    w_out = rng.normal(0.0, 0.2, size=(48, 4))
    norm = EegBatchNorm(48)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = eeg_dropout(hidden, 0.1, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def regional_patient_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def regional_patient_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_regional_patient_text_classifier(epochs=5, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 493)
    vocab_size, embed_dim, num_classes = 50, 8, 4
    token_ids = regional_patient_pad_sequences(rng.integers(1, vocab_size, size=(64, 20)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = regional_patient_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class DailyAdvertMLP:
    """A 2-hidden-layer perceptron for the daily_advert task."""

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


def train_daily_advert_mlp(epochs=5, learning_rate=0.005):
    rng = np.random.default_rng(SEED + 500)
    features, labels = make_blobs(160, 20, 2, 0.8, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = DailyAdvertMLP([20, 24, 16, 2], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 2))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 2)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


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


def evaluate_nightly_pixel_classifier(num_classes=4):
    rng = np.random.default_rng(SEED + 507)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 1.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = nightly_pixel_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = nightly_pixel_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = nightly_pixel_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * nightly_pixel_log_loss(probs, actual)


class StreamRetailKMeans:
    """Lloyd's algorithm over 3-dimensional stream_retail readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-3):
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


def cluster_stream_retail_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 514)
    points, _ = make_blobs(300, 3, n_clusters, 0.9, rng)
    model = StreamRetailKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class WeeklyStockRecurrentCell:
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


def forecast_weekly_stock_series(steps=30):
    rng = np.random.default_rng(SEED + 521)
    time = np.arange(steps + 1) * 0.2
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = WeeklyStockRecurrentCell(2, 8, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class PilotInvoiceRMSProp:
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


def pilot_invoice_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_pilot_invoice_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 528)
    features = rng.normal(size=(128, 12))
    true_weights = rng.normal(size=(12, 1))
    targets = features @ true_weights + 0.1 * rng.normal(size=(128, 1))
    weights = np.zeros((12, 1))
    bias = np.zeros(1)
    optimizer = PilotInvoiceRMSProp([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = pilot_invoice_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.1 * np.eye(12)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class NightlySensorTiedAutoencoder:
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


def compress_nightly_sensor_signals(epochs=50, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 535)
    basis = rng.normal(size=(2, 8))
    signals = sigmoid(rng.normal(size=(100, 2))) @ basis
    model = NightlySensorTiedAutoencoder(8, 2, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class PilotQueryBatchNorm:
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


def pilot_query_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_pilot_query_dense_network(steps=10):
    rng = np.random.default_rng(SEED + 542)
    inputs = rng.normal(1.0, 2.0, size=(256, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 32))
    w_out = rng.normal(0.0, 0.2, size=(32, 8))
    norm = PilotQueryBatchNorm(32)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = pilot_query_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def batch_crop_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def batch_crop_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_batch_crop_text_classifier(epochs=5, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 549)
    vocab_size, embed_dim, num_classes = 50, 8, 3
    token_ids = batch_crop_pad_sequences(rng.integers(1, vocab_size, size=(64, 12)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = batch_crop_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


def dense_claim_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class DenseClaimEarlyStopping:
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


def dense_claim_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_dense_claim_logistic_model(total_steps=40, base_rate=0.2):
    rng = np.random.default_rng(SEED + 556)
    features = rng.normal(size=(300, 5))
    direction = rng.normal(size=5)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(5)
    stopper = DenseClaimEarlyStopping()
    for step in range(total_steps):
        rate = dense_claim_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(dense_claim_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def nightly_document_im2col(images, kernel, stride, padding):
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


class NightlyDocumentConv2D:
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
        columns, out_h, out_w = nightly_document_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def nightly_document_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_nightly_document_images(batch_size=4):
    rng = np.random.default_rng(SEED + 563)
    images = rng.normal(size=(batch_size, 1, 8, 8))
    conv1 = NightlyDocumentConv2D(1, 6, 3, 1, 1, rng)
    conv2 = NightlyDocumentConv2D(6, 16, 3, 1, 1, rng)
    hidden = nightly_document_max_pool(relu(conv1(images)), 2)
    hidden = nightly_document_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 3, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 3))


def stream_soil_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def stream_soil_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def stream_soil_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def stream_soil_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_stream_soil_classifier(num_classes=2):
    rng = np.random.default_rng(SEED + 570)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 0.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = stream_soil_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = stream_soil_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = stream_soil_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * stream_soil_log_loss(probs, actual)


class BatchEngineMLP:
    """A 1-hidden-layer perceptron for the batch_engine task."""

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


def train_batch_engine_mlp(epochs=4, learning_rate=0.005):
    rng = np.random.default_rng(SEED + 577)
    features, labels = make_blobs(320, 16, 2, 0.8, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = BatchEngineMLP([16, 64, 2], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 2))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 2)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def hourly_engine_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def hourly_engine_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_hourly_engine_softmax_regression(iterations=20, step_size=0.5, l2=0.0001):
    rng = np.random.default_rng(SEED + 584)
    features, labels = make_blobs(240, 16, 3, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 3)
    weights = np.zeros((16, 3))
    bias = np.zeros(3)
    losses = []
    for iteration in range(iterations):
        loss, probs = hourly_engine_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = hourly_engine_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def mobile_crop_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class MobileCropMultiHeadAttention:
    """Self-attention with 2 heads over 8-dimensional mobile_crop embeddings."""

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
        context, weights = mobile_crop_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def mobile_crop_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def mobile_crop_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_mobile_crop_sequences(batch_size=8, length=10, model_dim=8):
    rng = np.random.default_rng(SEED + 591)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = MobileCropMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
    w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(1):
        attended, weights = attention(hidden)
        hidden = mobile_crop_layer_norm(hidden + attended, gamma, beta)
        hidden = mobile_crop_layer_norm(hidden + mobile_crop_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class StreamWindBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 stream_wind images."""

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


def stream_wind_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_stream_wind_image_network(epochs=4, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 598)
    images = rng.normal(0.5, 0.2, size=(64, 1, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = stream_wind_channel_statistics(images)
    loader = StreamWindBatchLoader((images - mean) / std, labels, 32)
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
    return float(np.mean(losses[-len(loader) :]))


class EcgKMeans:
    """Lloyd's algorithm over 8-dimensional ecg readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-3):
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


def cluster_ecg_readings(n_clusters=6):
    rng = np.random.default_rng(SEED + 605)
    points, _ = make_blobs(200, 8, n_clusters, 0.4, rng)
    model = EcgKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def product_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def product_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_product_features(n_components=2):
    rng = np.random.default_rng(SEED + 612)
    latent = rng.normal(size=(150, 2))
    mixing = rng.normal(size=(2, 12))
    data = latent @ mixing + 0.05 * rng.normal(size=(150, 12))
    components, explained = product_principal_components(data, n_components)
    projected, reconstruction = product_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


class LegacyPixelGaussianNaiveBayes:
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


def score_legacy_pixel_naive_bayes(num_classes=3):
    rng = np.random.default_rng(SEED + 619)
    features, labels = make_blobs(240, 9, num_classes, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = LegacyPixelGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


def sparse_patient_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def sparse_patient_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_sparse_patient_softmax_regression(iterations=30, step_size=0.5, l2=0.0001):
    rng = np.random.default_rng(SEED + 626)
    features, labels = make_blobs(240, 16, 5, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 5)
    weights = np.zeros((16, 5))
    bias = np.zeros(5)
    losses = []
    for iteration in range(iterations):
        loss, probs = sparse_patient_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = sparse_patient_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def holdout_seismic_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class HoldoutSeismicMultiHeadAttention:
    """Self-attention with 2 heads over 16-dimensional holdout_seismic embeddings."""

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
        context, weights = holdout_seismic_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def holdout_seismic_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def holdout_seismic_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_holdout_seismic_sequences(batch_size=4, length=6, model_dim=16):
    rng = np.random.default_rng(SEED + 633)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = HoldoutSeismicMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
    w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(1):
        attended, weights = attention(hidden)
        hidden = holdout_seismic_layer_norm(hidden + attended, gamma, beta)
        hidden = holdout_seismic_layer_norm(hidden + holdout_seismic_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class DenseAudioBatchNorm:
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


def dense_audio_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_dense_audio_dense_network(steps=10):
    rng = np.random.default_rng(SEED + 640)
    inputs = rng.normal(1.0, 2.0, size=(128, 10))
    w_hidden = rng.normal(0.0, 0.2, size=(10, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 1))
    norm = DenseAudioBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = dense_audio_dropout(hidden, 0.2, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def sparse_churn_im2col(images, kernel, stride, padding):
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


class SparseChurnConv2D:
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
        columns, out_h, out_w = sparse_churn_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def sparse_churn_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_sparse_churn_images(batch_size=2):
    rng = np.random.default_rng(SEED + 647)
    images = rng.normal(size=(batch_size, 3, 16, 16))
    conv1 = SparseChurnConv2D(3, 8, 3, 1, 1, rng)
    conv2 = SparseChurnConv2D(8, 8, 3, 1, 1, rng)
    hidden = sparse_churn_max_pool(relu(conv1(images)), 2)
    hidden = sparse_churn_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 5, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 5))


class WeeklyPixelMLP:
    """A 3-hidden-layer perceptron for the weekly_pixel task."""

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


def train_weekly_pixel_mlp(epochs=4, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 654)
    features, labels = make_blobs(320, 32, 5, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = WeeklyPixelMLP([32, 48, 32, 64, 5], rng)
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


class DailyCropAdam:
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


def daily_crop_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_daily_crop_regressor(epochs=40):
    rng = np.random.default_rng(SEED + 661)
    features = rng.normal(size=(256, 12))
    true_weights = rng.normal(size=(12, 2))
    targets = features @ true_weights + 0.1 * rng.normal(size=(256, 2))
    weights = np.zeros((12, 2))
    bias = np.zeros(2)
    optimizer = DailyCropAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = daily_crop_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.1 * np.eye(12)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def hourly_satellite_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def hourly_satellite_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_hourly_satellite_text_classifier(epochs=10, learning_rate=0.5):
    rng = np.random.default_rng(SEED + 668)
    vocab_size, embed_dim, num_classes = 500, 8, 4
    token_ids = hourly_satellite_pad_sequences(rng.integers(1, vocab_size, size=(128, 20)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = hourly_satellite_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class HourlyEcgKMeans:
    """Lloyd's algorithm over 3-dimensional hourly_ecg readings."""

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


def cluster_hourly_ecg_readings(n_clusters=3):
    rng = np.random.default_rng(SEED + 675)
    points, _ = make_blobs(200, 3, n_clusters, 0.6, rng)
    model = HourlyEcgKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def regional_credit_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class RegionalCreditEarlyStopping:
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


def regional_credit_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_regional_credit_logistic_model(total_steps=40, base_rate=1.0):
    rng = np.random.default_rng(SEED + 682)
    features = rng.normal(size=(300, 10))
    direction = rng.normal(size=10)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(10)
    stopper = RegionalCreditEarlyStopping()
    for step in range(total_steps):
        rate = regional_credit_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(regional_credit_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class SparseSpeechTiedAutoencoder:
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


def compress_sparse_speech_signals(epochs=20, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 689)
    basis = rng.normal(size=(4, 8))
    signals = sigmoid(rng.normal(size=(100, 4))) @ basis
    model = SparseSpeechTiedAutoencoder(8, 4, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


def query_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def query_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_query_features(n_components=3):
    rng = np.random.default_rng(SEED + 696)
    latent = rng.normal(size=(100, 3))
    mixing = rng.normal(size=(3, 16))
    data = latent @ mixing + 0.01 * rng.normal(size=(100, 16))
    components, explained = query_principal_components(data, n_components)
    projected, reconstruction = query_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def mobile_invoice_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def mobile_invoice_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def mobile_invoice_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def mobile_invoice_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_mobile_invoice_classifier(num_classes=3):
    rng = np.random.default_rng(SEED + 703)
    actual = rng.integers(0, num_classes, size=100)
    logits = rng.normal(size=(100, num_classes))
    logits[np.arange(100), actual] += 0.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = mobile_invoice_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = mobile_invoice_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = mobile_invoice_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * mobile_invoice_log_loss(probs, actual)


class BatchCreditGaussianNaiveBayes:
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


def score_batch_credit_naive_bayes(num_classes=3):
    rng = np.random.default_rng(SEED + 710)
    features, labels = make_blobs(150, 6, num_classes, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = BatchCreditGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class NightlyInventoryRecurrentCell:
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


def forecast_nightly_inventory_series(steps=12):
    rng = np.random.default_rng(SEED + 717)
    time = np.arange(steps + 1) * 0.3
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = NightlyInventoryRecurrentCell(2, 8, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class BatchMoleculeBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 batch_molecule images."""

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


def batch_molecule_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_batch_molecule_image_network(epochs=3, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 724)
    images = rng.normal(0.5, 0.2, size=(128, 3, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = batch_molecule_channel_statistics(images)
    loader = BatchMoleculeBatchLoader((images - mean) / std, labels, 32)
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
    return float(np.mean(losses[-len(loader) :]))


def hourly_document_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def hourly_document_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_hourly_document_softmax_regression(iterations=50, step_size=0.3, l2=0.001):
    rng = np.random.default_rng(SEED + 731)
    features, labels = make_blobs(150, 6, 5, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 5)
    weights = np.zeros((6, 5))
    bias = np.zeros(5)
    losses = []
    for iteration in range(iterations):
        loss, probs = hourly_document_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = hourly_document_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def sparse_turbine_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def sparse_turbine_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_sparse_turbine_text_classifier(epochs=5, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 738)
    vocab_size, embed_dim, num_classes = 50, 8, 2
    token_ids = sparse_turbine_pad_sequences(rng.integers(1, vocab_size, size=(64, 8)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = sparse_turbine_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class MobileSeismicMLP:
    """A 3-hidden-layer perceptron for the mobile_seismic task."""

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


def train_mobile_seismic_mlp(epochs=2, learning_rate=0.01):
    rng = np.random.default_rng(SEED + 745)
    features, labels = make_blobs(320, 24, 6, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = MobileSeismicMLP([24, 64, 32, 64, 6], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 6))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 6)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def dense_radar_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def dense_radar_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def dense_radar_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def dense_radar_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_dense_radar_classifier(num_classes=6):
    rng = np.random.default_rng(SEED + 752)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 0.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = dense_radar_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = dense_radar_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = dense_radar_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * dense_radar_log_loss(probs, actual)


class PilotMarketKMeans:
    """Lloyd's algorithm over 3-dimensional pilot_market readings."""

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


def cluster_pilot_market_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 759)
    points, _ = make_blobs(300, 3, n_clusters, 0.4, rng)
    model = PilotMarketKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class SparseRainfallRecurrentCell:
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


def forecast_sparse_rainfall_series(steps=30):
    rng = np.random.default_rng(SEED + 766)
    time = np.arange(steps + 1) * 0.2
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = SparseRainfallRecurrentCell(2, 16, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def noisy_eeg_im2col(images, kernel, stride, padding):
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


class NoisyEegConv2D:
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
        columns, out_h, out_w = noisy_eeg_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def noisy_eeg_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_noisy_eeg_images(batch_size=2):
    rng = np.random.default_rng(SEED + 773)
    images = rng.normal(size=(batch_size, 1, 12, 12))
    conv1 = NoisyEegConv2D(1, 6, 3, 1, 1, rng)
    conv2 = NoisyEegConv2D(6, 12, 3, 1, 1, rng)
    hidden = noisy_eeg_max_pool(relu(conv1(images)), 2)
    hidden = noisy_eeg_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


def noisy_fraud_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class NoisyFraudEarlyStopping:
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


def noisy_fraud_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_noisy_fraud_logistic_model(total_steps=100, base_rate=0.5):
    rng = np.random.default_rng(SEED + 780)
    features = rng.normal(size=(200, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
    split = 150
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = NoisyFraudEarlyStopping()
    for step in range(total_steps):
        rate = noisy_fraud_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(noisy_fraud_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def clean_molecule_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class CleanMoleculeMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional clean_molecule embeddings."""

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
        context, weights = clean_molecule_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def clean_molecule_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def clean_molecule_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_clean_molecule_sequences(batch_size=8, length=6, model_dim=64):
    rng = np.random.default_rng(SEED + 787)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = CleanMoleculeMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 256))
    w_out = rng.normal(0.0, 0.1, size=(256, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = clean_molecule_layer_norm(hidden + attended, gamma, beta)
        hidden = clean_molecule_layer_norm(hidden + clean_molecule_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class SatelliteAdam:
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


def satellite_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_satellite_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 794)
    features = rng.normal(size=(256, 4))
    true_weights = rng.normal(size=(4, 1))
    targets = features @ true_weights + 0.1 * rng.normal(size=(256, 1))
    weights = np.zeros((4, 1))
    bias = np.zeros(1)
    optimizer = SatelliteAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = satellite_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.01 * np.eye(4)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class StreamSpeechBatchNorm:
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


def stream_speech_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_stream_speech_dense_network(steps=5):
    rng = np.random.default_rng(SEED + 801)
    inputs = rng.normal(1.0, 2.0, size=(128, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 1))
    norm = StreamSpeechBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = stream_speech_dropout(hidden, 0.2, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class CleanEegBatchLoader:
    """Yields shuffled, augmented minibatches of 3x8x8 clean_eeg images."""

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


def clean_eeg_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_clean_eeg_image_network(epochs=3, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 808)
    images = rng.normal(0.5, 0.2, size=(64, 3, 8, 8))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = clean_eeg_channel_statistics(images)
    loader = CleanEegBatchLoader((images - mean) / std, labels, 16)
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
    return float(np.mean(losses[-len(loader) :]))


class VibrationGaussianNaiveBayes:
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


def score_vibration_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 815)
    features, labels = make_blobs(150, 9, num_classes, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = VibrationGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class HoldoutPixelTiedAutoencoder:
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


def compress_holdout_pixel_signals(epochs=20, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 822)
    basis = rng.normal(size=(3, 8))
    signals = sigmoid(rng.normal(size=(200, 3))) @ basis
    model = HoldoutPixelTiedAutoencoder(8, 3, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


def weekly_video_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def weekly_video_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_weekly_video_features(n_components=4):
    rng = np.random.default_rng(SEED + 829)
    latent = rng.normal(size=(150, 4))
    mixing = rng.normal(size=(4, 8))
    data = latent @ mixing + 0.05 * rng.normal(size=(150, 8))
    components, explained = weekly_video_principal_components(data, n_components)
    projected, reconstruction = weekly_video_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def daily_document_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class DailyDocumentEarlyStopping:
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


def daily_document_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_daily_document_logistic_model(total_steps=40, base_rate=0.2):
    rng = np.random.default_rng(SEED + 836)
    features = rng.normal(size=(300, 10))
    direction = rng.normal(size=10)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(10)
    stopper = DailyDocumentEarlyStopping()
    for step in range(total_steps):
        rate = daily_document_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(daily_document_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def clean_video_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def clean_video_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_clean_video_softmax_regression(iterations=50, step_size=0.3, l2=0.0001):
    rng = np.random.default_rng(SEED + 843)
    features, labels = make_blobs(180, 10, 4, 0.7, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 4)
    weights = np.zeros((10, 4))
    bias = np.zeros(4)
    losses = []
    for iteration in range(iterations):
        loss, probs = clean_video_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = clean_video_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class PilotVideoRecurrentCell:
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


def forecast_pilot_video_series(steps=20):
    rng = np.random.default_rng(SEED + 850)
    time = np.arange(steps + 1) * 0.1
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = PilotVideoRecurrentCell(2, 24, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class CleanInvoiceGaussianNaiveBayes:
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


def score_clean_invoice_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 857)
    features, labels = make_blobs(240, 2, num_classes, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = CleanInvoiceGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


def weekly_invoice_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def weekly_invoice_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def weekly_invoice_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def weekly_invoice_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_weekly_invoice_classifier(num_classes=3):
    rng = np.random.default_rng(SEED + 864)
    actual = rng.integers(0, num_classes, size=400)
    logits = rng.normal(size=(400, num_classes))
    logits[np.arange(400), actual] += 0.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = weekly_invoice_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = weekly_invoice_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = weekly_invoice_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * weekly_invoice_log_loss(probs, actual)


def weekly_energy_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class WeeklyEnergyMultiHeadAttention:
    """Self-attention with 4 heads over 32-dimensional weekly_energy embeddings."""

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
        context, weights = weekly_energy_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def weekly_energy_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def weekly_energy_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_weekly_energy_sequences(batch_size=8, length=10, model_dim=32):
    rng = np.random.default_rng(SEED + 871)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = WeeklyEnergyMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
    w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = weekly_energy_layer_norm(hidden + attended, gamma, beta)
        hidden = weekly_energy_layer_norm(hidden + weekly_energy_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class DenseSatelliteMomentumSGD:
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


def dense_satellite_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_dense_satellite_regressor(epochs=60):
    rng = np.random.default_rng(SEED + 878)
    features = rng.normal(size=(128, 8))
    true_weights = rng.normal(size=(8, 2))
    targets = features @ true_weights + 0.1 * rng.normal(size=(128, 2))
    weights = np.zeros((8, 2))
    bias = np.zeros(2)
    optimizer = DenseSatelliteMomentumSGD([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = dense_satellite_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 1.0 * np.eye(8)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class StreamServerMLP:
    """A 1-hidden-layer perceptron for the stream_server task."""

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


def train_stream_server_mlp(epochs=4, learning_rate=0.005):
    rng = np.random.default_rng(SEED + 885)
    features, labels = make_blobs(200, 8, 4, 0.8, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = StreamServerMLP([8, 24, 4], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def mobile_turbine_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def mobile_turbine_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_mobile_turbine_text_classifier(epochs=20, learning_rate=0.5):
    rng = np.random.default_rng(SEED + 892)
    vocab_size, embed_dim, num_classes = 100, 32, 2
    token_ids = mobile_turbine_pad_sequences(rng.integers(1, vocab_size, size=(128, 12)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = mobile_turbine_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


def nightly_session_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def nightly_session_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_nightly_session_features(n_components=2):
    rng = np.random.default_rng(SEED + 899)
    latent = rng.normal(size=(200, 2))
    mixing = rng.normal(size=(2, 12))
    data = latent @ mixing + 0.1 * rng.normal(size=(200, 12))
    components, explained = nightly_session_principal_components(data, n_components)
    projected, reconstruction = nightly_session_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


class MobileSpeechBatchNorm:
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


def mobile_speech_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_mobile_speech_dense_network(steps=20):
    rng = np.random.default_rng(SEED + 906)
    inputs = rng.normal(1.0, 2.0, size=(128, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 48))
    w_out = rng.normal(0.0, 0.2, size=(48, 4))
    norm = MobileSpeechBatchNorm(48)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = mobile_speech_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class DenseEcgKMeans:
    """Lloyd's algorithm over 8-dimensional dense_ecg readings."""

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


def cluster_dense_ecg_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 913)
    points, _ = make_blobs(120, 8, n_clusters, 0.4, rng)
    model = DenseEcgKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class NightlyChurnBatchLoader:
    """Yields shuffled, augmented minibatches of 3x8x8 nightly_churn images."""

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


def nightly_churn_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_nightly_churn_image_network(epochs=4, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 920)
    images = rng.normal(0.5, 0.2, size=(128, 3, 8, 8))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = nightly_churn_channel_statistics(images)
    loader = NightlyChurnBatchLoader((images - mean) / std, labels, 32)
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
    return float(np.mean(losses[-len(loader) :]))


def clean_advert_im2col(images, kernel, stride, padding):
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


class CleanAdvertConv2D:
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
        columns, out_h, out_w = clean_advert_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def clean_advert_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_clean_advert_images(batch_size=6):
    rng = np.random.default_rng(SEED + 927)
    images = rng.normal(size=(batch_size, 3, 12, 12))
    conv1 = CleanAdvertConv2D(3, 8, 3, 1, 1, rng)
    conv2 = CleanAdvertConv2D(8, 12, 3, 1, 1, rng)
    hidden = clean_advert_max_pool(relu(conv1(images)), 2)
    hidden = clean_advert_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 5, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 5))


class SparseCropTiedAutoencoder:
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


def compress_sparse_crop_signals(epochs=50, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 934)
    basis = rng.normal(size=(2, 8))
    signals = sigmoid(rng.normal(size=(100, 2))) @ basis
    model = SparseCropTiedAutoencoder(8, 2, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class RegionalMoleculeGaussianNaiveBayes:
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


def score_regional_molecule_naive_bayes(num_classes=2):
    rng = np.random.default_rng(SEED + 941)
    features, labels = make_blobs(300, 6, num_classes, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = RegionalMoleculeGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class WeeklySoilMLP:
    """A 3-hidden-layer perceptron for the weekly_soil task."""

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


def train_weekly_soil_mlp(epochs=2, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 948)
    features, labels = make_blobs(320, 8, 4, 0.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = WeeklySoilMLP([8, 32, 64, 32, 4], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class LegacyGenomeTiedAutoencoder:
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


def compress_legacy_genome_signals(epochs=80, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 955)
    basis = rng.normal(size=(4, 16))
    signals = sigmoid(rng.normal(size=(200, 4))) @ basis
    model = LegacyGenomeTiedAutoencoder(16, 4, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


def holdout_loan_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class HoldoutLoanMultiHeadAttention:
    """Self-attention with 4 heads over 16-dimensional holdout_loan embeddings."""

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
        context, weights = holdout_loan_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def holdout_loan_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def holdout_loan_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_holdout_loan_sequences(batch_size=4, length=16, model_dim=16):
    rng = np.random.default_rng(SEED + 962)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = HoldoutLoanMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
    w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(3):
        attended, weights = attention(hidden)
        hidden = holdout_loan_layer_norm(hidden + attended, gamma, beta)
        hidden = holdout_loan_layer_norm(hidden + holdout_loan_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def hourly_review_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def hourly_review_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_hourly_review_text_classifier(epochs=10, learning_rate=1.0):
    rng = np.random.default_rng(SEED + 969)
    vocab_size, embed_dim, num_classes = 100, 16, 2
    token_ids = hourly_review_pad_sequences(rng.integers(1, vocab_size, size=(128, 20)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = hourly_review_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


def hourly_galaxy_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def hourly_galaxy_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_hourly_galaxy_features(n_components=4):
    rng = np.random.default_rng(SEED + 976)
    latent = rng.normal(size=(100, 4))
    mixing = rng.normal(size=(4, 8))
    data = latent @ mixing + 0.1 * rng.normal(size=(100, 8))
    components, explained = hourly_galaxy_principal_components(data, n_components)
    projected, reconstruction = hourly_galaxy_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


class BatchSoilBatchNorm:
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


def batch_soil_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_batch_soil_dense_network(steps=10):
    rng = np.random.default_rng(SEED + 983)
    inputs = rng.normal(1.0, 2.0, size=(256, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 1))
    norm = BatchSoilBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = batch_soil_dropout(hidden, 0.1, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class CleanQueryRecurrentCell:
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


def forecast_clean_query_series(steps=20):
    rng = np.random.default_rng(SEED + 990)
    time = np.arange(steps + 1) * 0.2
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = CleanQueryRecurrentCell(2, 8, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def weekly_patient_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class WeeklyPatientEarlyStopping:
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


def weekly_patient_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_weekly_patient_logistic_model(total_steps=60, base_rate=1.0):
    rng = np.random.default_rng(SEED + 997)
    features = rng.normal(size=(300, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = WeeklyPatientEarlyStopping()
    for step in range(total_steps):
        rate = weekly_patient_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(weekly_patient_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def clean_solar_im2col(images, kernel, stride, padding):
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


class CleanSolarConv2D:
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
        columns, out_h, out_w = clean_solar_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def clean_solar_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_clean_solar_images(batch_size=6):
    rng = np.random.default_rng(SEED + 1004)
    images = rng.normal(size=(batch_size, 1, 16, 16))
    conv1 = CleanSolarConv2D(1, 6, 3, 1, 1, rng)
    conv2 = CleanSolarConv2D(6, 8, 3, 1, 1, rng)
    hidden = clean_solar_max_pool(relu(conv1(images)), 2)
    hidden = clean_solar_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


class MobileSatelliteKMeans:
    """Lloyd's algorithm over 5-dimensional mobile_satellite readings."""

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


def cluster_mobile_satellite_readings(n_clusters=6):
    rng = np.random.default_rng(SEED + 1011)
    points, _ = make_blobs(200, 5, n_clusters, 0.4, rng)
    model = MobileSatelliteKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class DailyRainfallMomentumSGD:
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


def daily_rainfall_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_daily_rainfall_regressor(epochs=60):
    rng = np.random.default_rng(SEED + 1018)
    features = rng.normal(size=(64, 12))
    true_weights = rng.normal(size=(12, 2))
    targets = features @ true_weights + 0.1 * rng.normal(size=(64, 2))
    weights = np.zeros((12, 2))
    bias = np.zeros(2)
    optimizer = DailyRainfallMomentumSGD([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = daily_rainfall_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.1 * np.eye(12)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def pilot_fraud_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def pilot_fraud_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_pilot_fraud_softmax_regression(iterations=50, step_size=0.5, l2=0.01):
    rng = np.random.default_rng(SEED + 1025)
    features, labels = make_blobs(150, 16, 3, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 3)
    weights = np.zeros((16, 3))
    bias = np.zeros(3)
    losses = []
    for iteration in range(iterations):
        loss, probs = pilot_fraud_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = pilot_fraud_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def noisy_inventory_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def noisy_inventory_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def noisy_inventory_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def noisy_inventory_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_noisy_inventory_classifier(num_classes=3):
    rng = np.random.default_rng(SEED + 1032)
    actual = rng.integers(0, num_classes, size=100)
    logits = rng.normal(size=(100, num_classes))
    logits[np.arange(100), actual] += 1.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = noisy_inventory_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = noisy_inventory_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = noisy_inventory_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * noisy_inventory_log_loss(probs, actual)


class NightlyReviewBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 nightly_review images."""

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


def nightly_review_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_nightly_review_image_network(epochs=4, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 1039)
    images = rng.normal(0.5, 0.2, size=(128, 3, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = nightly_review_channel_statistics(images)
    loader = NightlyReviewBatchLoader((images - mean) / std, labels, 16)
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
    return float(np.mean(losses[-len(loader) :]))


def batch_protein_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def batch_protein_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_batch_protein_features(n_components=2):
    rng = np.random.default_rng(SEED + 1046)
    latent = rng.normal(size=(100, 2))
    mixing = rng.normal(size=(2, 12))
    data = latent @ mixing + 0.01 * rng.normal(size=(100, 12))
    components, explained = batch_protein_principal_components(data, n_components)
    projected, reconstruction = batch_protein_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def pilot_document_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def pilot_document_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_pilot_document_softmax_regression(iterations=30, step_size=0.5, l2=0.001):
    rng = np.random.default_rng(SEED + 1053)
    features, labels = make_blobs(240, 6, 4, 1.2, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 4)
    weights = np.zeros((6, 4))
    bias = np.zeros(4)
    losses = []
    for iteration in range(iterations):
        loss, probs = pilot_document_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = pilot_document_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def holdout_churn_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def holdout_churn_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def holdout_churn_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def holdout_churn_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_holdout_churn_classifier(num_classes=2):
    rng = np.random.default_rng(SEED + 1060)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 1.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = holdout_churn_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = holdout_churn_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = holdout_churn_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * holdout_churn_log_loss(probs, actual)


class HoldoutVibrationBatchLoader:
    """Yields shuffled, augmented minibatches of 3x6x6 holdout_vibration images."""

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


def holdout_vibration_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_holdout_vibration_image_network(epochs=4, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 1067)
    images = rng.normal(0.5, 0.2, size=(128, 3, 6, 6))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = holdout_vibration_channel_statistics(images)
    loader = HoldoutVibrationBatchLoader((images - mean) / std, labels, 16)
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


class DailyGenomeTiedAutoencoder:
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


def compress_daily_genome_signals(epochs=20, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 1074)
    basis = rng.normal(size=(3, 12))
    signals = sigmoid(rng.normal(size=(200, 3))) @ basis
    model = DailyGenomeTiedAutoencoder(12, 3, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


def weekly_turbine_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class WeeklyTurbineMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional weekly_turbine embeddings."""

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
        context, weights = weekly_turbine_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def weekly_turbine_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def weekly_turbine_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_weekly_turbine_sequences(batch_size=4, length=6, model_dim=32):
    rng = np.random.default_rng(SEED + 1081)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = WeeklyTurbineMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
    w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(1):
        attended, weights = attention(hidden)
        hidden = weekly_turbine_layer_norm(hidden + attended, gamma, beta)
        hidden = weekly_turbine_layer_norm(hidden + weekly_turbine_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class HourlyVibrationMomentumSGD:
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


def hourly_vibration_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_hourly_vibration_regressor(epochs=60):
    rng = np.random.default_rng(SEED + 1088)
    features = rng.normal(size=(256, 16))
    true_weights = rng.normal(size=(16, 2))
    targets = features @ true_weights + 0.1 * rng.normal(size=(256, 2))
    weights = np.zeros((16, 2))
    bias = np.zeros(2)
    optimizer = HourlyVibrationMomentumSGD([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = hourly_vibration_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.01 * np.eye(16)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class HourlySensorMLP:
    """A 4-hidden-layer perceptron for the hourly_sensor task."""

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


def train_hourly_sensor_mlp(epochs=5, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 1095)
    features, labels = make_blobs(200, 24, 3, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = HourlySensorMLP([24, 48, 48, 48, 64, 3], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class CleanProductKMeans:
    """Lloyd's algorithm over 5-dimensional clean_product readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-3):
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


def cluster_clean_product_readings(n_clusters=3):
    rng = np.random.default_rng(SEED + 1102)
    points, _ = make_blobs(300, 5, n_clusters, 0.9, rng)
    model = CleanProductKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class NightlyAdvertRecurrentCell:
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


def forecast_nightly_advert_series(steps=20):
    rng = np.random.default_rng(SEED + 1109)
    time = np.arange(steps + 1) * 0.3
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = NightlyAdvertRecurrentCell(2, 16, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def hourly_invoice_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class HourlyInvoiceEarlyStopping:
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


def hourly_invoice_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_hourly_invoice_logistic_model(total_steps=100, base_rate=1.0):
    rng = np.random.default_rng(SEED + 1116)
    features = rng.normal(size=(400, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
    split = 300
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = HourlyInvoiceEarlyStopping()
    for step in range(total_steps):
        rate = hourly_invoice_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(hourly_invoice_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def noisy_energy_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def noisy_energy_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_noisy_energy_text_classifier(epochs=5, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 1123)
    vocab_size, embed_dim, num_classes = 500, 8, 2
    token_ids = noisy_energy_pad_sequences(rng.integers(1, vocab_size, size=(200, 12)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = noisy_energy_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class HoldoutProteinBatchNorm:
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


def holdout_protein_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_holdout_protein_dense_network(steps=5):
    rng = np.random.default_rng(SEED + 1130)
    inputs = rng.normal(1.0, 2.0, size=(256, 24))
    w_hidden = rng.normal(0.0, 0.2, size=(24, 32))
    w_out = rng.normal(0.0, 0.2, size=(32, 1))
    norm = HoldoutProteinBatchNorm(32)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = holdout_protein_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class StreamClickGaussianNaiveBayes:
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


def score_stream_click_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 1137)
    features, labels = make_blobs(240, 4, num_classes, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = StreamClickGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


def batch_retail_im2col(images, kernel, stride, padding):
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


class BatchRetailConv2D:
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
        columns, out_h, out_w = batch_retail_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def batch_retail_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_batch_retail_images(batch_size=2):
    rng = np.random.default_rng(SEED + 1144)
    images = rng.normal(size=(batch_size, 1, 8, 8))
    conv1 = BatchRetailConv2D(1, 8, 3, 1, 1, rng)
    conv2 = BatchRetailConv2D(8, 8, 3, 1, 1, rng)
    hidden = batch_retail_max_pool(relu(conv1(images)), 2)
    hidden = batch_retail_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


def legacy_churn_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def legacy_churn_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_legacy_churn_text_classifier(epochs=5, learning_rate=0.5):
    rng = np.random.default_rng(SEED + 1151)
    vocab_size, embed_dim, num_classes = 100, 32, 4
    token_ids = legacy_churn_pad_sequences(rng.integers(1, vocab_size, size=(128, 12)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = legacy_churn_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


def clean_crop_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class CleanCropEarlyStopping:
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


def clean_crop_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_clean_crop_logistic_model(total_steps=40, base_rate=0.2):
    rng = np.random.default_rng(SEED + 1158)
    features = rng.normal(size=(400, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
    split = 300
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
    return stopper.best


def pilot_lidar_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def pilot_lidar_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_pilot_lidar_features(n_components=4):
    rng = np.random.default_rng(SEED + 1165)
    latent = rng.normal(size=(100, 4))
    mixing = rng.normal(size=(4, 6))
    data = latent @ mixing + 0.1 * rng.normal(size=(100, 6))
    components, explained = pilot_lidar_principal_components(data, n_components)
    projected, reconstruction = pilot_lidar_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


class ReviewGaussianNaiveBayes:
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


def score_review_naive_bayes(num_classes=3):
    rng = np.random.default_rng(SEED + 1172)
    features, labels = make_blobs(300, 6, num_classes, 2.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = ReviewGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class HourlyProductMLP:
    """A 3-hidden-layer perceptron for the hourly_product task."""

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


def train_hourly_product_mlp(epochs=4, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 1179)
    features, labels = make_blobs(240, 32, 2, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = HourlyProductMLP([32, 48, 16, 24, 2], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 2))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 2)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def nightly_crop_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def nightly_crop_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def nightly_crop_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def nightly_crop_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_nightly_crop_classifier(num_classes=4):
    rng = np.random.default_rng(SEED + 1186)
    actual = rng.integers(0, num_classes, size=400)
    logits = rng.normal(size=(400, num_classes))
    logits[np.arange(400), actual] += 1.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = nightly_crop_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = nightly_crop_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = nightly_crop_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * nightly_crop_log_loss(probs, actual)


def hourly_sales_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def hourly_sales_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_hourly_sales_softmax_regression(iterations=20, step_size=0.5, l2=0.0001):
    rng = np.random.default_rng(SEED + 1193)
    features, labels = make_blobs(240, 10, 5, 1.2, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 5)
    weights = np.zeros((10, 5))
    bias = np.zeros(5)
    losses = []
    for iteration in range(iterations):
        loss, probs = hourly_sales_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = hourly_sales_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class HoldoutClickBatchNorm:
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


def holdout_click_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_holdout_click_dense_network(steps=10):
    rng = np.random.default_rng(SEED + 1200)
    inputs = rng.normal(1.0, 2.0, size=(128, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 48))
    w_out = rng.normal(0.0, 0.2, size=(48, 1))
    norm = HoldoutClickBatchNorm(48)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = holdout_click_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class RegionalFraudTiedAutoencoder:
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


def compress_regional_fraud_signals(epochs=20, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 1207)
    basis = rng.normal(size=(3, 12))
    signals = sigmoid(rng.normal(size=(200, 3))) @ basis
    model = RegionalFraudTiedAutoencoder(12, 3, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class DenseCreditKMeans:
    """Lloyd's algorithm over 3-dimensional dense_credit readings."""

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


def cluster_dense_credit_readings(n_clusters=6):
    rng = np.random.default_rng(SEED + 1214)
    points, _ = make_blobs(120, 3, n_clusters, 0.9, rng)
    model = DenseCreditKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class MobileClickRecurrentCell:
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


def forecast_mobile_click_series(steps=12):
    rng = np.random.default_rng(SEED + 1221)
    time = np.arange(steps + 1) * 0.1
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = MobileClickRecurrentCell(2, 8, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class CleanFraudBatchLoader:
    """Yields shuffled, augmented minibatches of 3x6x6 clean_fraud images."""

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


def clean_fraud_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_clean_fraud_image_network(epochs=3, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 1228)
    images = rng.normal(0.5, 0.2, size=(64, 3, 6, 6))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = clean_fraud_channel_statistics(images)
    loader = CleanFraudBatchLoader((images - mean) / std, labels, 32)
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


class NightlyPatientMomentumSGD:
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


def nightly_patient_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_nightly_patient_regressor(epochs=40):
    rng = np.random.default_rng(SEED + 1235)
    features = rng.normal(size=(64, 16))
    true_weights = rng.normal(size=(16, 2))
    targets = features @ true_weights + 0.1 * rng.normal(size=(64, 2))
    weights = np.zeros((16, 2))
    bias = np.zeros(2)
    optimizer = NightlyPatientMomentumSGD([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = nightly_patient_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 1.0 * np.eye(16)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def nightly_packet_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class NightlyPacketMultiHeadAttention:
    """Self-attention with 2 heads over 16-dimensional nightly_packet embeddings."""

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
        context, weights = nightly_packet_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def nightly_packet_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def nightly_packet_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_nightly_packet_sequences(batch_size=8, length=16, model_dim=16):
    rng = np.random.default_rng(SEED + 1242)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = NightlyPacketMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
    w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = nightly_packet_layer_norm(hidden + attended, gamma, beta)
        hidden = nightly_packet_layer_norm(hidden + nightly_packet_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def batch_churn_im2col(images, kernel, stride, padding):
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


class BatchChurnConv2D:
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
        columns, out_h, out_w = batch_churn_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def batch_churn_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_batch_churn_images(batch_size=2):
    rng = np.random.default_rng(SEED + 1249)
    images = rng.normal(size=(batch_size, 3, 16, 16))
    conv1 = BatchChurnConv2D(3, 6, 3, 1, 1, rng)
    conv2 = BatchChurnConv2D(6, 8, 3, 1, 1, rng)
    hidden = batch_churn_max_pool(relu(conv1(images)), 2)
    hidden = batch_churn_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 3, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 3))


class RegionalDocumentTiedAutoencoder:
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


def compress_regional_document_signals(epochs=20, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 1256)
    basis = rng.normal(size=(4, 16))
    signals = sigmoid(rng.normal(size=(200, 4))) @ basis
    model = RegionalDocumentTiedAutoencoder(16, 4, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class RegionalProductBatchNorm:
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


def regional_product_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_regional_product_dense_network(steps=5):
    rng = np.random.default_rng(SEED + 1263)
    inputs = rng.normal(1.0, 2.0, size=(256, 10))
    w_hidden = rng.normal(0.0, 0.2, size=(10, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 1))
    norm = RegionalProductBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = regional_product_dropout(hidden, 0.2, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class NoisyAudioMLP:
    """A 4-hidden-layer perceptron for the noisy_audio task."""

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


def train_noisy_audio_mlp(epochs=2, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 1270)
    features, labels = make_blobs(240, 20, 2, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = NoisyAudioMLP([20, 48, 32, 48, 16, 2], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 2))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 2)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def pilot_sales_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def pilot_sales_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def pilot_sales_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def pilot_sales_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_pilot_sales_classifier(num_classes=3):
    rng = np.random.default_rng(SEED + 1277)
    actual = rng.integers(0, num_classes, size=100)
    logits = rng.normal(size=(100, num_classes))
    logits[np.arange(100), actual] += 2.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = pilot_sales_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = pilot_sales_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = pilot_sales_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * pilot_sales_log_loss(probs, actual)


def clean_claim_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def clean_claim_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_clean_claim_softmax_regression(iterations=20, step_size=0.5, l2=0.001):
    rng = np.random.default_rng(SEED + 1284)
    features, labels = make_blobs(240, 6, 5, 0.7, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 5)
    weights = np.zeros((6, 5))
    bias = np.zeros(5)
    losses = []
    for iteration in range(iterations):
        loss, probs = clean_claim_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = clean_claim_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class MobileChurnRecurrentCell:
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


def forecast_mobile_churn_series(steps=12):
    rng = np.random.default_rng(SEED + 1291)
    time = np.arange(steps + 1) * 0.3
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = MobileChurnRecurrentCell(2, 16, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def noisy_satellite_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def noisy_satellite_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_noisy_satellite_features(n_components=2):
    rng = np.random.default_rng(SEED + 1298)
    latent = rng.normal(size=(150, 2))
    mixing = rng.normal(size=(2, 16))
    data = latent @ mixing + 0.05 * rng.normal(size=(150, 16))
    components, explained = noisy_satellite_principal_components(data, n_components)
    projected, reconstruction = noisy_satellite_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def legacy_product_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class LegacyProductMultiHeadAttention:
    """Self-attention with 2 heads over 8-dimensional legacy_product embeddings."""

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
        context, weights = legacy_product_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def legacy_product_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def legacy_product_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_legacy_product_sequences(batch_size=8, length=16, model_dim=8):
    rng = np.random.default_rng(SEED + 1305)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = LegacyProductMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 16))
    w_out = rng.normal(0.0, 0.1, size=(16, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = legacy_product_layer_norm(hidden + attended, gamma, beta)
        hidden = legacy_product_layer_norm(hidden + legacy_product_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class DailySatelliteBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 daily_satellite images."""

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


def daily_satellite_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_daily_satellite_image_network(epochs=2, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 1312)
    images = rng.normal(0.5, 0.2, size=(64, 1, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = daily_satellite_channel_statistics(images)
    loader = DailySatelliteBatchLoader((images - mean) / std, labels, 32)
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


class BatchTrafficAdam:
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


def batch_traffic_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_batch_traffic_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 1319)
    features = rng.normal(size=(128, 4))
    true_weights = rng.normal(size=(4, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(128, 3))
    weights = np.zeros((4, 3))
    bias = np.zeros(3)
    optimizer = BatchTrafficAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = batch_traffic_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.1 * np.eye(4)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def noisy_genome_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def noisy_genome_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_noisy_genome_text_classifier(epochs=20, learning_rate=0.5):
    rng = np.random.default_rng(SEED + 1326)
    vocab_size, embed_dim, num_classes = 100, 8, 3
    token_ids = noisy_genome_pad_sequences(rng.integers(1, vocab_size, size=(128, 8)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = noisy_genome_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class SeismicGaussianNaiveBayes:
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


def score_seismic_naive_bayes(num_classes=3):
    rng = np.random.default_rng(SEED + 1333)
    features, labels = make_blobs(240, 2, num_classes, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = SeismicGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class WeeklyCropKMeans:
    """Lloyd's algorithm over 5-dimensional weekly_crop readings."""

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


def cluster_weekly_crop_readings(n_clusters=3):
    rng = np.random.default_rng(SEED + 1340)
    points, _ = make_blobs(120, 5, n_clusters, 0.6, rng)
    model = WeeklyCropKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def daily_user_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class DailyUserEarlyStopping:
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


def daily_user_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_daily_user_logistic_model(total_steps=60, base_rate=0.2):
    rng = np.random.default_rng(SEED + 1347)
    features = rng.normal(size=(400, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
    split = 300
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = DailyUserEarlyStopping()
    for step in range(total_steps):
        rate = daily_user_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(daily_user_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def shipment_im2col(images, kernel, stride, padding):
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


class ShipmentConv2D:
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
        columns, out_h, out_w = shipment_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def shipment_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_shipment_images(batch_size=6):
    rng = np.random.default_rng(SEED + 1354)
    images = rng.normal(size=(batch_size, 3, 8, 8))
    conv1 = ShipmentConv2D(3, 6, 3, 1, 1, rng)
    conv2 = ShipmentConv2D(6, 16, 3, 1, 1, rng)
    hidden = shipment_max_pool(relu(conv1(images)), 2)
    hidden = shipment_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 5, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 5))


class DailyVibrationRecurrentCell:
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


def forecast_daily_vibration_series(steps=20):
    rng = np.random.default_rng(SEED + 1361)
    time = np.arange(steps + 1) * 0.2
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = DailyVibrationRecurrentCell(2, 16, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def packet_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def packet_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_packet_text_classifier(epochs=20, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 1368)
    vocab_size, embed_dim, num_classes = 500, 8, 2
    token_ids = packet_pad_sequences(rng.integers(1, vocab_size, size=(128, 8)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = packet_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


def hourly_loan_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def hourly_loan_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_hourly_loan_softmax_regression(iterations=50, step_size=0.3, l2=0.01):
    rng = np.random.default_rng(SEED + 1375)
    features, labels = make_blobs(240, 4, 4, 1.2, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 4)
    weights = np.zeros((4, 4))
    bias = np.zeros(4)
    losses = []
    for iteration in range(iterations):
        loss, probs = hourly_loan_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = hourly_loan_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class MobileAudioGaussianNaiveBayes:
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


def score_mobile_audio_naive_bayes(num_classes=2):
    rng = np.random.default_rng(SEED + 1382)
    features, labels = make_blobs(300, 4, num_classes, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = MobileAudioGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class CleanSoilKMeans:
    """Lloyd's algorithm over 2-dimensional clean_soil readings."""

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


def cluster_clean_soil_readings(n_clusters=3):
    rng = np.random.default_rng(SEED + 1389)
    points, _ = make_blobs(300, 2, n_clusters, 0.4, rng)
    model = CleanSoilKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class DenseAdvertAdam:
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


def dense_advert_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_dense_advert_regressor(epochs=60):
    rng = np.random.default_rng(SEED + 1396)
    features = rng.normal(size=(64, 4))
    true_weights = rng.normal(size=(4, 2))
    targets = features @ true_weights + 0.1 * rng.normal(size=(64, 2))
    weights = np.zeros((4, 2))
    bias = np.zeros(2)
    optimizer = DenseAdvertAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = dense_advert_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.1 * np.eye(4)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class LegacyAdvertTiedAutoencoder:
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


def compress_legacy_advert_signals(epochs=20, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 1403)
    basis = rng.normal(size=(2, 20))
    signals = sigmoid(rng.normal(size=(100, 2))) @ basis
    model = LegacyAdvertTiedAutoencoder(20, 2, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class RegionalGenomeBatchNorm:
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


def regional_genome_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_regional_genome_dense_network(steps=10):
    rng = np.random.default_rng(SEED + 1410)
    inputs = rng.normal(1.0, 2.0, size=(128, 24))
    w_hidden = rng.normal(0.0, 0.2, size=(24, 32))
    w_out = rng.normal(0.0, 0.2, size=(32, 4))
    norm = RegionalGenomeBatchNorm(32)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = regional_genome_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def inventory_im2col(images, kernel, stride, padding):
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


class InventoryConv2D:
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
        columns, out_h, out_w = inventory_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def inventory_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_inventory_images(batch_size=2):
    rng = np.random.default_rng(SEED + 1417)
    images = rng.normal(size=(batch_size, 1, 16, 16))
    conv1 = InventoryConv2D(1, 4, 3, 1, 1, rng)
    conv2 = InventoryConv2D(4, 12, 3, 1, 1, rng)
    hidden = inventory_max_pool(relu(conv1(images)), 2)
    hidden = inventory_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 5, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 5))


class SparseClickBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 sparse_click images."""

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


def sparse_click_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_sparse_click_image_network(epochs=4, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 1424)
    images = rng.normal(0.5, 0.2, size=(64, 3, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = sparse_click_channel_statistics(images)
    loader = SparseClickBatchLoader((images - mean) / std, labels, 32)
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
    return float(np.mean(losses[-len(loader) :]))


def hourly_weather_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def hourly_weather_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_hourly_weather_features(n_components=4):
    rng = np.random.default_rng(SEED + 1431)
    latent = rng.normal(size=(100, 4))
    mixing = rng.normal(size=(4, 16))
    data = latent @ mixing + 0.01 * rng.normal(size=(100, 16))
    components, explained = hourly_weather_principal_components(data, n_components)
    projected, reconstruction = hourly_weather_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def sparse_user_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class SparseUserEarlyStopping:
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


def sparse_user_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_sparse_user_logistic_model(total_steps=100, base_rate=1.0):
    rng = np.random.default_rng(SEED + 1438)
    features = rng.normal(size=(400, 10))
    direction = rng.normal(size=10)
    labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
    split = 300
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(10)
    stopper = SparseUserEarlyStopping()
    for step in range(total_steps):
        rate = sparse_user_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(sparse_user_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def clean_speech_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def clean_speech_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def clean_speech_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def clean_speech_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_clean_speech_classifier(num_classes=2):
    rng = np.random.default_rng(SEED + 1445)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 1.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = clean_speech_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = clean_speech_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = clean_speech_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * clean_speech_log_loss(probs, actual)


class WeeklyCreditMLP:
    """A 1-hidden-layer perceptron for the weekly_credit task."""

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


def train_weekly_credit_mlp(epochs=3, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 1452)
    features, labels = make_blobs(160, 16, 3, 0.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = WeeklyCreditMLP([16, 32, 3], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def mobile_genome_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class MobileGenomeMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional mobile_genome embeddings."""

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
        context, weights = mobile_genome_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def mobile_genome_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def mobile_genome_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_mobile_genome_sequences(batch_size=4, length=16, model_dim=32):
    rng = np.random.default_rng(SEED + 1459)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = MobileGenomeMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
    w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = mobile_genome_layer_norm(hidden + attended, gamma, beta)
        hidden = mobile_genome_layer_norm(hidden + mobile_genome_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class HourlyRetailBatchNorm:
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


def hourly_retail_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_hourly_retail_dense_network(steps=10):
    rng = np.random.default_rng(SEED + 1466)
    inputs = rng.normal(1.0, 2.0, size=(256, 24))
    w_hidden = rng.normal(0.0, 0.2, size=(24, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 8))
    norm = HourlyRetailBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = hourly_retail_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def holdout_engine_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def holdout_engine_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_holdout_engine_text_classifier(epochs=10, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 1473)
    vocab_size, embed_dim, num_classes = 100, 16, 4
    token_ids = holdout_engine_pad_sequences(rng.integers(1, vocab_size, size=(128, 8)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = holdout_engine_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class FlightKMeans:
    """Lloyd's algorithm over 3-dimensional flight readings."""

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


def cluster_flight_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 1480)
    points, _ = make_blobs(300, 3, n_clusters, 0.4, rng)
    model = FlightKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class NightlyVibrationMLP:
    """A 3-hidden-layer perceptron for the nightly_vibration task."""

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


def train_nightly_vibration_mlp(epochs=5, learning_rate=0.01):
    rng = np.random.default_rng(SEED + 1487)
    features, labels = make_blobs(160, 20, 2, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = NightlyVibrationMLP([20, 64, 24, 24, 2], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 2))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 2)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def hourly_energy_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def hourly_energy_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_hourly_energy_features(n_components=4):
    rng = np.random.default_rng(SEED + 1494)
    latent = rng.normal(size=(150, 4))
    mixing = rng.normal(size=(4, 16))
    data = latent @ mixing + 0.01 * rng.normal(size=(150, 16))
    components, explained = hourly_energy_principal_components(data, n_components)
    projected, reconstruction = hourly_energy_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def batch_market_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class BatchMarketMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional batch_market embeddings."""

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
        context, weights = batch_market_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def batch_market_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def batch_market_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_batch_market_sequences(batch_size=4, length=10, model_dim=64):
    rng = np.random.default_rng(SEED + 1501)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = BatchMarketMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 256))
    w_out = rng.normal(0.0, 0.1, size=(256, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = batch_market_layer_norm(hidden + attended, gamma, beta)
        hidden = batch_market_layer_norm(hidden + batch_market_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def dense_invoice_im2col(images, kernel, stride, padding):
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


class DenseInvoiceConv2D:
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
        columns, out_h, out_w = dense_invoice_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def dense_invoice_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_dense_invoice_images(batch_size=2):
    rng = np.random.default_rng(SEED + 1508)
    images = rng.normal(size=(batch_size, 1, 8, 8))
    conv1 = DenseInvoiceConv2D(1, 8, 3, 1, 1, rng)
    conv2 = DenseInvoiceConv2D(8, 12, 3, 1, 1, rng)
    hidden = dense_invoice_max_pool(relu(conv1(images)), 2)
    hidden = dense_invoice_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


class HourlyChurnBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 hourly_churn images."""

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


def hourly_churn_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_hourly_churn_image_network(epochs=3, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 1515)
    images = rng.normal(0.5, 0.2, size=(96, 3, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = hourly_churn_channel_statistics(images)
    loader = HourlyChurnBatchLoader((images - mean) / std, labels, 32)
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
    return float(np.mean(losses[-len(loader) :]))


def weekly_review_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def weekly_review_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def weekly_review_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def weekly_review_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_weekly_review_classifier(num_classes=4):
    rng = np.random.default_rng(SEED + 1522)
    actual = rng.integers(0, num_classes, size=100)
    logits = rng.normal(size=(100, num_classes))
    logits[np.arange(100), actual] += 0.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = weekly_review_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = weekly_review_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = weekly_review_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * weekly_review_log_loss(probs, actual)


class DenseQueryGaussianNaiveBayes:
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


def score_dense_query_naive_bayes(num_classes=3):
    rng = np.random.default_rng(SEED + 1529)
    features, labels = make_blobs(300, 6, num_classes, 2.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = DenseQueryGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class CleanSeismicRecurrentCell:
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


def forecast_clean_seismic_series(steps=30):
    rng = np.random.default_rng(SEED + 1536)
    time = np.arange(steps + 1) * 0.3
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = CleanSeismicRecurrentCell(2, 16, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class NoisyTrafficAdam:
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


def noisy_traffic_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_noisy_traffic_regressor(epochs=60):
    rng = np.random.default_rng(SEED + 1543)
    features = rng.normal(size=(64, 8))
    true_weights = rng.normal(size=(8, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(64, 3))
    weights = np.zeros((8, 3))
    bias = np.zeros(3)
    optimizer = NoisyTrafficAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = noisy_traffic_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.1 * np.eye(8)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class HourlyProteinTiedAutoencoder:
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


def compress_hourly_protein_signals(epochs=50, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 1550)
    basis = rng.normal(size=(3, 20))
    signals = sigmoid(rng.normal(size=(200, 3))) @ basis
    model = HourlyProteinTiedAutoencoder(20, 3, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


def hourly_rainfall_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def hourly_rainfall_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_hourly_rainfall_softmax_regression(iterations=30, step_size=0.1, l2=0.0001):
    rng = np.random.default_rng(SEED + 1557)
    features, labels = make_blobs(240, 16, 5, 1.2, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 5)
    weights = np.zeros((16, 5))
    bias = np.zeros(5)
    losses = []
    for iteration in range(iterations):
        loss, probs = hourly_rainfall_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = hourly_rainfall_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def daily_market_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class DailyMarketEarlyStopping:
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


def daily_market_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_daily_market_logistic_model(total_steps=100, base_rate=0.2):
    rng = np.random.default_rng(SEED + 1564)
    features = rng.normal(size=(200, 5))
    direction = rng.normal(size=5)
    labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
    split = 150
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(5)
    stopper = DailyMarketEarlyStopping()
    for step in range(total_steps):
        rate = daily_market_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(daily_market_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class HoldoutFlightMLP:
    """A 4-hidden-layer perceptron for the holdout_flight task."""

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


def train_holdout_flight_mlp(epochs=2, learning_rate=0.02):
    rng = np.random.default_rng(SEED + 1571)
    features, labels = make_blobs(160, 8, 4, 0.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = HoldoutFlightMLP([8, 64, 24, 64, 16, 4], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def mobile_lidar_im2col(images, kernel, stride, padding):
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


class MobileLidarConv2D:
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
        columns, out_h, out_w = mobile_lidar_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def mobile_lidar_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_mobile_lidar_images(batch_size=4):
    rng = np.random.default_rng(SEED + 1578)
    images = rng.normal(size=(batch_size, 3, 12, 12))
    conv1 = MobileLidarConv2D(3, 4, 3, 1, 1, rng)
    conv2 = MobileLidarConv2D(4, 12, 3, 1, 1, rng)
    hidden = mobile_lidar_max_pool(relu(conv1(images)), 2)
    hidden = mobile_lidar_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


class HoldoutSatelliteRecurrentCell:
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


def forecast_holdout_satellite_series(steps=20):
    rng = np.random.default_rng(SEED + 1585)
    time = np.arange(steps + 1) * 0.3
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = HoldoutSatelliteRecurrentCell(2, 24, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def pilot_audio_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def pilot_audio_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_pilot_audio_features(n_components=4):
    rng = np.random.default_rng(SEED + 1592)
    latent = rng.normal(size=(200, 4))
    mixing = rng.normal(size=(4, 8))
    data = latent @ mixing + 0.1 * rng.normal(size=(200, 8))
    components, explained = pilot_audio_principal_components(data, n_components)
    projected, reconstruction = pilot_audio_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def pilot_energy_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class PilotEnergyMultiHeadAttention:
    """Self-attention with 2 heads over 8-dimensional pilot_energy embeddings."""

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
        context, weights = pilot_energy_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def pilot_energy_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def pilot_energy_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_pilot_energy_sequences(batch_size=4, length=6, model_dim=8):
    rng = np.random.default_rng(SEED + 1599)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = PilotEnergyMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 16))
    w_out = rng.normal(0.0, 0.1, size=(16, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(1):
        attended, weights = attention(hidden)
        hidden = pilot_energy_layer_norm(hidden + attended, gamma, beta)
        hidden = pilot_energy_layer_norm(hidden + pilot_energy_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def stream_energy_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def stream_energy_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_stream_energy_softmax_regression(iterations=50, step_size=0.3, l2=0.01):
    rng = np.random.default_rng(SEED + 1606)
    features, labels = make_blobs(240, 10, 5, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 5)
    weights = np.zeros((10, 5))
    bias = np.zeros(5)
    losses = []
    for iteration in range(iterations):
        loss, probs = stream_energy_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = stream_energy_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def sparse_document_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def sparse_document_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_sparse_document_text_classifier(epochs=20, learning_rate=1.0):
    rng = np.random.default_rng(SEED + 1613)
    vocab_size, embed_dim, num_classes = 100, 32, 4
    token_ids = sparse_document_pad_sequences(rng.integers(1, vocab_size, size=(200, 12)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = sparse_document_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class WeeklyEegKMeans:
    """Lloyd's algorithm over 8-dimensional weekly_eeg readings."""

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


def cluster_weekly_eeg_readings(n_clusters=3):
    rng = np.random.default_rng(SEED + 1620)
    points, _ = make_blobs(120, 8, n_clusters, 0.6, rng)
    model = WeeklyEegKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class DenseProductAdam:
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


def dense_product_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_dense_product_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 1627)
    features = rng.normal(size=(64, 4))
    true_weights = rng.normal(size=(4, 2))
    targets = features @ true_weights + 0.1 * rng.normal(size=(64, 2))
    weights = np.zeros((4, 2))
    bias = np.zeros(2)
    optimizer = DenseProductAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = dense_product_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.1 * np.eye(4)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class SparseGalaxyTiedAutoencoder:
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


def compress_sparse_galaxy_signals(epochs=80, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 1634)
    basis = rng.normal(size=(4, 8))
    signals = sigmoid(rng.normal(size=(200, 4))) @ basis
    model = SparseGalaxyTiedAutoencoder(8, 4, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


def holdout_traffic_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class HoldoutTrafficEarlyStopping:
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


def holdout_traffic_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_holdout_traffic_logistic_model(total_steps=100, base_rate=1.0):
    rng = np.random.default_rng(SEED + 1641)
    features = rng.normal(size=(300, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = HoldoutTrafficEarlyStopping()
    for step in range(total_steps):
        rate = holdout_traffic_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(holdout_traffic_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class RegionalEcgBatchNorm:
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


def regional_ecg_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_regional_ecg_dense_network(steps=20):
    rng = np.random.default_rng(SEED + 1648)
    inputs = rng.normal(1.0, 2.0, size=(128, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 32))
    w_out = rng.normal(0.0, 0.2, size=(32, 1))
    norm = RegionalEcgBatchNorm(32)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = regional_ecg_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class CleanCreditGaussianNaiveBayes:
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


def score_clean_credit_naive_bayes(num_classes=2):
    rng = np.random.default_rng(SEED + 1655)
    features, labels = make_blobs(150, 6, num_classes, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = CleanCreditGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


def daily_traffic_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def daily_traffic_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def daily_traffic_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def daily_traffic_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_daily_traffic_classifier(num_classes=2):
    rng = np.random.default_rng(SEED + 1662)
    actual = rng.integers(0, num_classes, size=100)
    logits = rng.normal(size=(100, num_classes))
    logits[np.arange(100), actual] += 1.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = daily_traffic_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = daily_traffic_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = daily_traffic_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * daily_traffic_log_loss(probs, actual)


class MobileFraudBatchLoader:
    """Yields shuffled, augmented minibatches of 3x8x8 mobile_fraud images."""

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


def mobile_fraud_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_mobile_fraud_image_network(epochs=2, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 1669)
    images = rng.normal(0.5, 0.2, size=(128, 3, 8, 8))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = mobile_fraud_channel_statistics(images)
    loader = MobileFraudBatchLoader((images - mean) / std, labels, 32)
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
    return float(np.mean(losses[-len(loader) :]))


class HoldoutRadarKMeans:
    """Lloyd's algorithm over 3-dimensional holdout_radar readings."""

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


def cluster_holdout_radar_readings(n_clusters=6):
    rng = np.random.default_rng(SEED + 1676)
    points, _ = make_blobs(200, 3, n_clusters, 0.4, rng)
    model = HoldoutRadarKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def weekly_seismic_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def weekly_seismic_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_weekly_seismic_features(n_components=3):
    rng = np.random.default_rng(SEED + 1683)
    latent = rng.normal(size=(150, 3))
    mixing = rng.normal(size=(3, 6))
    data = latent @ mixing + 0.01 * rng.normal(size=(150, 6))
    components, explained = weekly_seismic_principal_components(data, n_components)
    projected, reconstruction = weekly_seismic_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def stream_video_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def stream_video_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_stream_video_text_classifier(epochs=5, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 1690)
    vocab_size, embed_dim, num_classes = 100, 16, 2
    token_ids = stream_video_pad_sequences(rng.integers(1, vocab_size, size=(64, 12)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = stream_video_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


def sparse_ecg_im2col(images, kernel, stride, padding):
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


class SparseEcgConv2D:
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
        columns, out_h, out_w = sparse_ecg_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def sparse_ecg_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_sparse_ecg_images(batch_size=2):
    rng = np.random.default_rng(SEED + 1697)
    images = rng.normal(size=(batch_size, 3, 16, 16))
    conv1 = SparseEcgConv2D(3, 8, 3, 1, 1, rng)
    conv2 = SparseEcgConv2D(8, 16, 3, 1, 1, rng)
    hidden = sparse_ecg_max_pool(relu(conv1(images)), 2)
    hidden = sparse_ecg_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 3, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 3))


class LegacyFraudAdam:
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


def legacy_fraud_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_legacy_fraud_regressor(epochs=40):
    rng = np.random.default_rng(SEED + 1704)
    features = rng.normal(size=(256, 4))
    true_weights = rng.normal(size=(4, 1))
    targets = features @ true_weights + 0.1 * rng.normal(size=(256, 1))
    weights = np.zeros((4, 1))
    bias = np.zeros(1)
    optimizer = LegacyFraudAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = legacy_fraud_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 1.0 * np.eye(4)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class HoldoutCreditRecurrentCell:
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


def forecast_holdout_credit_series(steps=20):
    rng = np.random.default_rng(SEED + 1711)
    time = np.arange(steps + 1) * 0.1
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = HoldoutCreditRecurrentCell(2, 8, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class MobileDocumentBatchNorm:
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


def mobile_document_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_mobile_document_dense_network(steps=20):
    rng = np.random.default_rng(SEED + 1718)
    inputs = rng.normal(1.0, 2.0, size=(128, 24))
    w_hidden = rng.normal(0.0, 0.2, size=(24, 32))
    w_out = rng.normal(0.0, 0.2, size=(32, 8))
    norm = MobileDocumentBatchNorm(32)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = mobile_document_dropout(hidden, 0.2, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class SparseSatelliteTiedAutoencoder:
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


def compress_sparse_satellite_signals(epochs=80, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 1725)
    basis = rng.normal(size=(2, 16))
    signals = sigmoid(rng.normal(size=(200, 2))) @ basis
    model = SparseSatelliteTiedAutoencoder(16, 2, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


def holdout_ecg_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def holdout_ecg_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def holdout_ecg_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def holdout_ecg_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_holdout_ecg_classifier(num_classes=4):
    rng = np.random.default_rng(SEED + 1732)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 1.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = holdout_ecg_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = holdout_ecg_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = holdout_ecg_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * holdout_ecg_log_loss(probs, actual)


class SparseMarketMLP:
    """A 1-hidden-layer perceptron for the sparse_market task."""

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


def train_sparse_market_mlp(epochs=5, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 1739)
    features, labels = make_blobs(320, 24, 6, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = SparseMarketMLP([24, 24, 6], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 6))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 6)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def engine_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class EngineEarlyStopping:
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


def engine_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_engine_logistic_model(total_steps=100, base_rate=1.0):
    rng = np.random.default_rng(SEED + 1746)
    features = rng.normal(size=(200, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
    split = 150
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = EngineEarlyStopping()
    for step in range(total_steps):
        rate = engine_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(engine_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def clean_document_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class CleanDocumentMultiHeadAttention:
    """Self-attention with 2 heads over 8-dimensional clean_document embeddings."""

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
        context, weights = clean_document_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def clean_document_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def clean_document_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_clean_document_sequences(batch_size=4, length=16, model_dim=8):
    rng = np.random.default_rng(SEED + 1753)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = CleanDocumentMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 16))
    w_out = rng.normal(0.0, 0.1, size=(16, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = clean_document_layer_norm(hidden + attended, gamma, beta)
        hidden = clean_document_layer_norm(hidden + clean_document_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def pilot_molecule_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def pilot_molecule_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_pilot_molecule_softmax_regression(iterations=50, step_size=0.3, l2=0.01):
    rng = np.random.default_rng(SEED + 1760)
    features, labels = make_blobs(150, 16, 3, 0.7, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 3)
    weights = np.zeros((16, 3))
    bias = np.zeros(3)
    losses = []
    for iteration in range(iterations):
        loss, probs = pilot_molecule_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = pilot_molecule_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class PilotProductGaussianNaiveBayes:
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


def score_pilot_product_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 1767)
    features, labels = make_blobs(150, 6, num_classes, 2.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = PilotProductGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class DenseWindBatchLoader:
    """Yields shuffled, augmented minibatches of 1x6x6 dense_wind images."""

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


def dense_wind_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_dense_wind_image_network(epochs=2, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 1774)
    images = rng.normal(0.5, 0.2, size=(64, 1, 6, 6))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = dense_wind_channel_statistics(images)
    loader = DenseWindBatchLoader((images - mean) / std, labels, 16)
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


class RegionalFlightKMeans:
    """Lloyd's algorithm over 5-dimensional regional_flight readings."""

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


def cluster_regional_flight_readings(n_clusters=3):
    rng = np.random.default_rng(SEED + 1781)
    points, _ = make_blobs(300, 5, n_clusters, 0.4, rng)
    model = RegionalFlightKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def traffic_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class TrafficEarlyStopping:
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


def traffic_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_traffic_logistic_model(total_steps=40, base_rate=1.0):
    rng = np.random.default_rng(SEED + 1788)
    features = rng.normal(size=(400, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
    split = 300
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = TrafficEarlyStopping()
    for step in range(total_steps):
        rate = traffic_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(traffic_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class RetailRecurrentCell:
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


def forecast_retail_series(steps=20):
    rng = np.random.default_rng(SEED + 1795)
    time = np.arange(steps + 1) * 0.3
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = RetailRecurrentCell(2, 8, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def mobile_review_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def mobile_review_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_mobile_review_text_classifier(epochs=5, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 1802)
    vocab_size, embed_dim, num_classes = 500, 8, 3
    token_ids = mobile_review_pad_sequences(rng.integers(1, vocab_size, size=(64, 8)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = mobile_review_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


def regional_server_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def regional_server_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def regional_server_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def regional_server_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_regional_server_classifier(num_classes=6):
    rng = np.random.default_rng(SEED + 1809)
    actual = rng.integers(0, num_classes, size=400)
    logits = rng.normal(size=(400, num_classes))
    logits[np.arange(400), actual] += 1.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = regional_server_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = regional_server_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = regional_server_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * regional_server_log_loss(probs, actual)


def legacy_protein_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def legacy_protein_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_legacy_protein_softmax_regression(iterations=30, step_size=0.1, l2=0.001):
    rng = np.random.default_rng(SEED + 1816)
    features, labels = make_blobs(180, 16, 4, 0.7, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 4)
    weights = np.zeros((16, 4))
    bias = np.zeros(4)
    losses = []
    for iteration in range(iterations):
        loss, probs = legacy_protein_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = legacy_protein_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def stream_review_im2col(images, kernel, stride, padding):
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


class StreamReviewConv2D:
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
        columns, out_h, out_w = stream_review_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def stream_review_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_stream_review_images(batch_size=2):
    rng = np.random.default_rng(SEED + 1823)
    images = rng.normal(size=(batch_size, 1, 12, 12))
    conv1 = StreamReviewConv2D(1, 8, 3, 1, 1, rng)
    conv2 = StreamReviewConv2D(8, 12, 3, 1, 1, rng)
    hidden = stream_review_max_pool(relu(conv1(images)), 2)
    hidden = stream_review_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


class PilotPacketRMSProp:
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


def pilot_packet_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_pilot_packet_regressor(epochs=60):
    rng = np.random.default_rng(SEED + 1830)
    features = rng.normal(size=(256, 4))
    true_weights = rng.normal(size=(4, 1))
    targets = features @ true_weights + 0.1 * rng.normal(size=(256, 1))
    weights = np.zeros((4, 1))
    bias = np.zeros(1)
    optimizer = PilotPacketRMSProp([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = pilot_packet_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.01 * np.eye(4)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class CleanShipmentBatchNorm:
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


def clean_shipment_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_clean_shipment_dense_network(steps=20):
    rng = np.random.default_rng(SEED + 1837)
    inputs = rng.normal(1.0, 2.0, size=(128, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 32))
    w_out = rng.normal(0.0, 0.2, size=(32, 8))
    norm = CleanShipmentBatchNorm(32)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = clean_shipment_dropout(hidden, 0.1, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def stream_loan_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def stream_loan_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_stream_loan_features(n_components=3):
    rng = np.random.default_rng(SEED + 1844)
    latent = rng.normal(size=(200, 3))
    mixing = rng.normal(size=(3, 8))
    data = latent @ mixing + 0.05 * rng.normal(size=(200, 8))
    components, explained = stream_loan_principal_components(data, n_components)
    projected, reconstruction = stream_loan_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


class RegionalVibrationMLP:
    """A 1-hidden-layer perceptron for the regional_vibration task."""

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


def train_regional_vibration_mlp(epochs=4, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 1851)
    features, labels = make_blobs(240, 32, 4, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = RegionalVibrationMLP([32, 64, 4], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class MobilePixelBatchLoader:
    """Yields shuffled, augmented minibatches of 1x6x6 mobile_pixel images."""

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


def mobile_pixel_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_mobile_pixel_image_network(epochs=3, learning_rate=0.01):
    rng = np.random.default_rng(SEED + 1858)
    images = rng.normal(0.5, 0.2, size=(64, 1, 6, 6))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = mobile_pixel_channel_statistics(images)
    loader = MobilePixelBatchLoader((images - mean) / std, labels, 32)
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
    return float(np.mean(losses[-len(loader) :]))


class DailyProteinGaussianNaiveBayes:
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


def score_daily_protein_naive_bayes(num_classes=3):
    rng = np.random.default_rng(SEED + 1865)
    features, labels = make_blobs(150, 9, num_classes, 2.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = DailyProteinGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


def daily_wind_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class DailyWindMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional daily_wind embeddings."""

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
        context, weights = daily_wind_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def daily_wind_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def daily_wind_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_daily_wind_sequences(batch_size=8, length=16, model_dim=64):
    rng = np.random.default_rng(SEED + 1872)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = DailyWindMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 256))
    w_out = rng.normal(0.0, 0.1, size=(256, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(1):
        attended, weights = attention(hidden)
        hidden = daily_wind_layer_norm(hidden + attended, gamma, beta)
        hidden = daily_wind_layer_norm(hidden + daily_wind_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class NoisyStockTiedAutoencoder:
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


def compress_noisy_stock_signals(epochs=50, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 1879)
    basis = rng.normal(size=(4, 12))
    signals = sigmoid(rng.normal(size=(100, 4))) @ basis
    model = NoisyStockTiedAutoencoder(12, 4, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class SparseTrafficTiedAutoencoder:
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


def compress_sparse_traffic_signals(epochs=80, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 1886)
    basis = rng.normal(size=(3, 8))
    signals = sigmoid(rng.normal(size=(200, 3))) @ basis
    model = SparseTrafficTiedAutoencoder(8, 3, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


def clean_session_im2col(images, kernel, stride, padding):
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


class CleanSessionConv2D:
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
        columns, out_h, out_w = clean_session_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def clean_session_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_clean_session_images(batch_size=2):
    rng = np.random.default_rng(SEED + 1893)
    images = rng.normal(size=(batch_size, 3, 16, 16))
    conv1 = CleanSessionConv2D(3, 8, 3, 1, 1, rng)
    conv2 = CleanSessionConv2D(8, 12, 3, 1, 1, rng)
    hidden = clean_session_max_pool(relu(conv1(images)), 2)
    hidden = clean_session_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 3, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 3))


def daily_query_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def daily_query_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_daily_query_features(n_components=2):
    rng = np.random.default_rng(SEED + 1900)
    latent = rng.normal(size=(100, 2))
    mixing = rng.normal(size=(2, 6))
    data = latent @ mixing + 0.05 * rng.normal(size=(100, 6))
    components, explained = daily_query_principal_components(data, n_components)
    projected, reconstruction = daily_query_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def noisy_server_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class NoisyServerEarlyStopping:
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


def noisy_server_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_noisy_server_logistic_model(total_steps=60, base_rate=1.0):
    rng = np.random.default_rng(SEED + 1907)
    features = rng.normal(size=(300, 10))
    direction = rng.normal(size=10)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(10)
    stopper = NoisyServerEarlyStopping()
    for step in range(total_steps):
        rate = noisy_server_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(noisy_server_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def regional_user_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def regional_user_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_regional_user_text_classifier(epochs=5, learning_rate=1.0):
    rng = np.random.default_rng(SEED + 1914)
    vocab_size, embed_dim, num_classes = 500, 16, 2
    token_ids = regional_user_pad_sequences(rng.integers(1, vocab_size, size=(200, 8)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = regional_user_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class DenseUserBatchNorm:
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


def dense_user_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_dense_user_dense_network(steps=10):
    rng = np.random.default_rng(SEED + 1921)
    inputs = rng.normal(1.0, 2.0, size=(128, 24))
    w_hidden = rng.normal(0.0, 0.2, size=(24, 32))
    w_out = rng.normal(0.0, 0.2, size=(32, 8))
    norm = DenseUserBatchNorm(32)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = dense_user_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class WeeklyShipmentAdam:
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


def weekly_shipment_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_weekly_shipment_regressor(epochs=60):
    rng = np.random.default_rng(SEED + 1928)
    features = rng.normal(size=(64, 16))
    true_weights = rng.normal(size=(16, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(64, 3))
    weights = np.zeros((16, 3))
    bias = np.zeros(3)
    optimizer = WeeklyShipmentAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = weekly_shipment_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.01 * np.eye(16)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def pilot_galaxy_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class PilotGalaxyMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional pilot_galaxy embeddings."""

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
        context, weights = pilot_galaxy_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def pilot_galaxy_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def pilot_galaxy_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_pilot_galaxy_sequences(batch_size=8, length=10, model_dim=32):
    rng = np.random.default_rng(SEED + 1935)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = PilotGalaxyMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
    w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(1):
        attended, weights = attention(hidden)
        hidden = pilot_galaxy_layer_norm(hidden + attended, gamma, beta)
        hidden = pilot_galaxy_layer_norm(hidden + pilot_galaxy_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class NoisyQueryMLP:
    """A 3-hidden-layer perceptron for the noisy_query task."""

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


def train_noisy_query_mlp(epochs=2, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 1942)
    features, labels = make_blobs(160, 8, 4, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = NoisyQueryMLP([8, 32, 64, 64, 4], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class DocumentKMeans:
    """Lloyd's algorithm over 8-dimensional document readings."""

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


def cluster_document_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 1949)
    points, _ = make_blobs(200, 8, n_clusters, 0.4, rng)
    model = DocumentKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def holdout_inventory_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def holdout_inventory_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def holdout_inventory_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def holdout_inventory_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_holdout_inventory_classifier(num_classes=4):
    rng = np.random.default_rng(SEED + 1956)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 2.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = holdout_inventory_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = holdout_inventory_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = holdout_inventory_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * holdout_inventory_log_loss(probs, actual)


def sparse_retail_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def sparse_retail_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_sparse_retail_softmax_regression(iterations=20, step_size=0.1, l2=0.01):
    rng = np.random.default_rng(SEED + 1963)
    features, labels = make_blobs(240, 6, 4, 0.7, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 4)
    weights = np.zeros((6, 4))
    bias = np.zeros(4)
    losses = []
    for iteration in range(iterations):
        loss, probs = sparse_retail_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = sparse_retail_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class LegacyClaimBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 legacy_claim images."""

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


def legacy_claim_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_legacy_claim_image_network(epochs=2, learning_rate=0.01):
    rng = np.random.default_rng(SEED + 1970)
    images = rng.normal(0.5, 0.2, size=(128, 3, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = legacy_claim_channel_statistics(images)
    loader = LegacyClaimBatchLoader((images - mean) / std, labels, 16)
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
    return float(np.mean(losses[-len(loader) :]))


class NoisyEngineGaussianNaiveBayes:
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


def score_noisy_engine_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 1977)
    features, labels = make_blobs(150, 2, num_classes, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = NoisyEngineGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class DailySensorRecurrentCell:
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


def forecast_daily_sensor_series(steps=20):
    rng = np.random.default_rng(SEED + 1984)
    time = np.arange(steps + 1) * 0.1
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = DailySensorRecurrentCell(2, 16, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class WeeklyTrafficBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 weekly_traffic images."""

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


def weekly_traffic_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_weekly_traffic_image_network(epochs=2, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 1991)
    images = rng.normal(0.5, 0.2, size=(96, 1, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = weekly_traffic_channel_statistics(images)
    loader = WeeklyTrafficBatchLoader((images - mean) / std, labels, 32)
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
    return float(np.mean(losses[-len(loader) :]))


class DenseSessionRecurrentCell:
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


def forecast_dense_session_series(steps=30):
    rng = np.random.default_rng(SEED + 1998)
    time = np.arange(steps + 1) * 0.2
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = DenseSessionRecurrentCell(2, 16, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class BatchStockMomentumSGD:
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


def batch_stock_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_batch_stock_regressor(epochs=40):
    rng = np.random.default_rng(SEED + 2005)
    features = rng.normal(size=(256, 8))
    true_weights = rng.normal(size=(8, 2))
    targets = features @ true_weights + 0.1 * rng.normal(size=(256, 2))
    weights = np.zeros((8, 2))
    bias = np.zeros(2)
    optimizer = BatchStockMomentumSGD([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = batch_stock_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 1.0 * np.eye(8)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class CreditBatchNorm:
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


def credit_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_credit_dense_network(steps=5):
    rng = np.random.default_rng(SEED + 2012)
    inputs = rng.normal(1.0, 2.0, size=(128, 10))
    w_hidden = rng.normal(0.0, 0.2, size=(10, 48))
    w_out = rng.normal(0.0, 0.2, size=(48, 4))
    norm = CreditBatchNorm(48)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = credit_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class CleanTurbineKMeans:
    """Lloyd's algorithm over 2-dimensional clean_turbine readings."""

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


def cluster_clean_turbine_readings(n_clusters=6):
    rng = np.random.default_rng(SEED + 2019)
    points, _ = make_blobs(120, 2, n_clusters, 0.4, rng)
    model = CleanTurbineKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def hourly_genome_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class HourlyGenomeMultiHeadAttention:
    """Self-attention with 2 heads over 8-dimensional hourly_genome embeddings."""

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
        context, weights = hourly_genome_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def hourly_genome_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def hourly_genome_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_hourly_genome_sequences(batch_size=4, length=16, model_dim=8):
    rng = np.random.default_rng(SEED + 2026)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = HourlyGenomeMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
    w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(1):
        attended, weights = attention(hidden)
        hidden = hourly_genome_layer_norm(hidden + attended, gamma, beta)
        hidden = hourly_genome_layer_norm(hidden + hourly_genome_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def batch_invoice_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def batch_invoice_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_batch_invoice_text_classifier(epochs=10, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 2033)
    vocab_size, embed_dim, num_classes = 50, 32, 2
    token_ids = batch_invoice_pad_sequences(rng.integers(1, vocab_size, size=(200, 20)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = batch_invoice_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class BatchClickTiedAutoencoder:
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


def compress_batch_click_signals(epochs=50, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 2040)
    basis = rng.normal(size=(3, 8))
    signals = sigmoid(rng.normal(size=(200, 3))) @ basis
    model = BatchClickTiedAutoencoder(8, 3, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


def nightly_genome_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def nightly_genome_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_nightly_genome_softmax_regression(iterations=20, step_size=0.1, l2=0.0001):
    rng = np.random.default_rng(SEED + 2047)
    features, labels = make_blobs(240, 4, 5, 1.2, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 5)
    weights = np.zeros((4, 5))
    bias = np.zeros(5)
    losses = []
    for iteration in range(iterations):
        loss, probs = nightly_genome_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = nightly_genome_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def holdout_video_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def holdout_video_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def holdout_video_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def holdout_video_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_holdout_video_classifier(num_classes=4):
    rng = np.random.default_rng(SEED + 2054)
    actual = rng.integers(0, num_classes, size=400)
    logits = rng.normal(size=(400, num_classes))
    logits[np.arange(400), actual] += 1.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = holdout_video_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = holdout_video_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = holdout_video_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * holdout_video_log_loss(probs, actual)


def hourly_radar_im2col(images, kernel, stride, padding):
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


class HourlyRadarConv2D:
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
        columns, out_h, out_w = hourly_radar_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def hourly_radar_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_hourly_radar_images(batch_size=6):
    rng = np.random.default_rng(SEED + 2061)
    images = rng.normal(size=(batch_size, 1, 16, 16))
    conv1 = HourlyRadarConv2D(1, 4, 3, 1, 1, rng)
    conv2 = HourlyRadarConv2D(4, 12, 3, 1, 1, rng)
    hidden = hourly_radar_max_pool(relu(conv1(images)), 2)
    hidden = hourly_radar_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 3, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 3))


def weekly_claim_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class WeeklyClaimEarlyStopping:
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


def weekly_claim_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_weekly_claim_logistic_model(total_steps=60, base_rate=0.2):
    rng = np.random.default_rng(SEED + 2068)
    features = rng.normal(size=(300, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = WeeklyClaimEarlyStopping()
    for step in range(total_steps):
        rate = weekly_claim_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(weekly_claim_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class MobileGalaxyGaussianNaiveBayes:
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


def score_mobile_galaxy_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 2075)
    features, labels = make_blobs(300, 6, num_classes, 2.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = MobileGalaxyGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class StreamSalesMLP:
    """A 3-hidden-layer perceptron for the stream_sales task."""

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


def train_stream_sales_mlp(epochs=4, learning_rate=0.005):
    rng = np.random.default_rng(SEED + 2082)
    features, labels = make_blobs(160, 8, 3, 0.8, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = StreamSalesMLP([8, 64, 48, 64, 3], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def sparse_wind_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def sparse_wind_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_sparse_wind_features(n_components=4):
    rng = np.random.default_rng(SEED + 2089)
    latent = rng.normal(size=(150, 4))
    mixing = rng.normal(size=(4, 6))
    data = latent @ mixing + 0.1 * rng.normal(size=(150, 6))
    components, explained = sparse_wind_principal_components(data, n_components)
    projected, reconstruction = sparse_wind_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def sparse_engine_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def sparse_engine_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_sparse_engine_text_classifier(epochs=10, learning_rate=1.0):
    rng = np.random.default_rng(SEED + 2096)
    vocab_size, embed_dim, num_classes = 100, 16, 3
    token_ids = sparse_engine_pad_sequences(rng.integers(1, vocab_size, size=(200, 12)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = sparse_engine_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class DailyRadarBatchNorm:
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


def daily_radar_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_daily_radar_dense_network(steps=10):
    rng = np.random.default_rng(SEED + 2103)
    inputs = rng.normal(1.0, 2.0, size=(256, 10))
    w_hidden = rng.normal(0.0, 0.2, size=(10, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 8))
    norm = DailyRadarBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = daily_radar_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


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


def evaluate_regional_invoice_classifier(num_classes=6):
    rng = np.random.default_rng(SEED + 2110)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 1.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = regional_invoice_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = regional_invoice_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = regional_invoice_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * regional_invoice_log_loss(probs, actual)


class RegionalEnergyBatchLoader:
    """Yields shuffled, augmented minibatches of 3x6x6 regional_energy images."""

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


def regional_energy_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_regional_energy_image_network(epochs=4, learning_rate=0.01):
    rng = np.random.default_rng(SEED + 2117)
    images = rng.normal(0.5, 0.2, size=(64, 3, 6, 6))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = regional_energy_channel_statistics(images)
    loader = RegionalEnergyBatchLoader((images - mean) / std, labels, 16)
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


def nightly_flight_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class NightlyFlightEarlyStopping:
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


def nightly_flight_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_nightly_flight_logistic_model(total_steps=60, base_rate=0.5):
    rng = np.random.default_rng(SEED + 2124)
    features = rng.normal(size=(300, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = NightlyFlightEarlyStopping()
    for step in range(total_steps):
        rate = nightly_flight_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(nightly_flight_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


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


def fit_noisy_turbine_softmax_regression(iterations=30, step_size=0.3, l2=0.01):
    rng = np.random.default_rng(SEED + 2131)
    features, labels = make_blobs(240, 4, 3, 1.2, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 3)
    weights = np.zeros((4, 3))
    bias = np.zeros(3)
    losses = []
    for iteration in range(iterations):
        loss, probs = noisy_turbine_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = noisy_turbine_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class NightlyRainfallMLP:
    """A 3-hidden-layer perceptron for the nightly_rainfall task."""

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


def train_nightly_rainfall_mlp(epochs=4, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 2138)
    features, labels = make_blobs(320, 16, 6, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = NightlyRainfallMLP([16, 24, 32, 32, 6], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 6))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 6)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class StreamGalaxyGaussianNaiveBayes:
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


def score_stream_galaxy_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 2145)
    features, labels = make_blobs(240, 4, num_classes, 2.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = StreamGalaxyGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class NoisyWeatherTiedAutoencoder:
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


def compress_noisy_weather_signals(epochs=50, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 2152)
    basis = rng.normal(size=(4, 12))
    signals = sigmoid(rng.normal(size=(200, 4))) @ basis
    model = NoisyWeatherTiedAutoencoder(12, 4, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class BatchPacketRMSProp:
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


def batch_packet_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_batch_packet_regressor(epochs=60):
    rng = np.random.default_rng(SEED + 2159)
    features = rng.normal(size=(64, 8))
    true_weights = rng.normal(size=(8, 2))
    targets = features @ true_weights + 0.1 * rng.normal(size=(64, 2))
    weights = np.zeros((8, 2))
    bias = np.zeros(2)
    optimizer = BatchPacketRMSProp([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = batch_packet_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.1 * np.eye(8)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class DailyServerKMeans:
    """Lloyd's algorithm over 8-dimensional daily_server readings."""

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


def cluster_daily_server_readings(n_clusters=3):
    rng = np.random.default_rng(SEED + 2166)
    points, _ = make_blobs(120, 8, n_clusters, 0.9, rng)
    model = DailyServerKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def clean_radar_im2col(images, kernel, stride, padding):
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


class CleanRadarConv2D:
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
        columns, out_h, out_w = clean_radar_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def clean_radar_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_clean_radar_images(batch_size=2):
    rng = np.random.default_rng(SEED + 2173)
    images = rng.normal(size=(batch_size, 3, 8, 8))
    conv1 = CleanRadarConv2D(3, 4, 3, 1, 1, rng)
    conv2 = CleanRadarConv2D(4, 8, 3, 1, 1, rng)
    hidden = clean_radar_max_pool(relu(conv1(images)), 2)
    hidden = clean_radar_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 5, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 5))


def weather_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def weather_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_weather_features(n_components=2):
    rng = np.random.default_rng(SEED + 2180)
    latent = rng.normal(size=(200, 2))
    mixing = rng.normal(size=(2, 12))
    data = latent @ mixing + 0.05 * rng.normal(size=(200, 12))
    components, explained = weather_principal_components(data, n_components)
    projected, reconstruction = weather_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


class StreamSolarRecurrentCell:
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


def forecast_stream_solar_series(steps=12):
    rng = np.random.default_rng(SEED + 2187)
    time = np.arange(steps + 1) * 0.2
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = StreamSolarRecurrentCell(2, 8, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def daily_solar_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class DailySolarMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional daily_solar embeddings."""

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
        context, weights = daily_solar_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def daily_solar_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def daily_solar_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_daily_solar_sequences(batch_size=2, length=10, model_dim=64):
    rng = np.random.default_rng(SEED + 2194)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = DailySolarMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 256))
    w_out = rng.normal(0.0, 0.1, size=(256, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = daily_solar_layer_norm(hidden + attended, gamma, beta)
        hidden = daily_solar_layer_norm(hidden + daily_solar_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class CleanWeatherRecurrentCell:
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


def forecast_clean_weather_series(steps=20):
    rng = np.random.default_rng(SEED + 2201)
    time = np.arange(steps + 1) * 0.1
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = CleanWeatherRecurrentCell(2, 24, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def clean_rainfall_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def clean_rainfall_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def clean_rainfall_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def clean_rainfall_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_clean_rainfall_classifier(num_classes=2):
    rng = np.random.default_rng(SEED + 2208)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 1.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = clean_rainfall_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = clean_rainfall_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = clean_rainfall_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * clean_rainfall_log_loss(probs, actual)


def daily_soil_im2col(images, kernel, stride, padding):
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


class DailySoilConv2D:
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
        columns, out_h, out_w = daily_soil_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def daily_soil_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_daily_soil_images(batch_size=6):
    rng = np.random.default_rng(SEED + 2215)
    images = rng.normal(size=(batch_size, 1, 12, 12))
    conv1 = DailySoilConv2D(1, 8, 3, 1, 1, rng)
    conv2 = DailySoilConv2D(8, 12, 3, 1, 1, rng)
    hidden = daily_soil_max_pool(relu(conv1(images)), 2)
    hidden = daily_soil_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


def session_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class SessionEarlyStopping:
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


def session_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_session_logistic_model(total_steps=100, base_rate=1.0):
    rng = np.random.default_rng(SEED + 2222)
    features = rng.normal(size=(200, 10))
    direction = rng.normal(size=10)
    labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
    split = 150
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(10)
    stopper = SessionEarlyStopping()
    for step in range(total_steps):
        rate = session_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(session_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def weekly_rainfall_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class WeeklyRainfallMultiHeadAttention:
    """Self-attention with 4 heads over 32-dimensional weekly_rainfall embeddings."""

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
        context, weights = weekly_rainfall_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def weekly_rainfall_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def weekly_rainfall_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_weekly_rainfall_sequences(batch_size=4, length=10, model_dim=32):
    rng = np.random.default_rng(SEED + 2229)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = WeeklyRainfallMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
    w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(1):
        attended, weights = attention(hidden)
        hidden = weekly_rainfall_layer_norm(hidden + attended, gamma, beta)
        hidden = weekly_rainfall_layer_norm(hidden + weekly_rainfall_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class PilotPixelMLP:
    """A 4-hidden-layer perceptron for the pilot_pixel task."""

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


def train_pilot_pixel_mlp(epochs=5, learning_rate=0.02):
    rng = np.random.default_rng(SEED + 2236)
    features, labels = make_blobs(320, 20, 6, 0.8, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = PilotPixelMLP([20, 24, 16, 32, 48, 6], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 6))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 6)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class DenseSensorKMeans:
    """Lloyd's algorithm over 2-dimensional dense_sensor readings."""

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


def cluster_dense_sensor_readings(n_clusters=6):
    rng = np.random.default_rng(SEED + 2243)
    points, _ = make_blobs(120, 2, n_clusters, 0.6, rng)
    model = DenseSensorKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class EnergyGaussianNaiveBayes:
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


def score_energy_naive_bayes(num_classes=2):
    rng = np.random.default_rng(SEED + 2250)
    features, labels = make_blobs(150, 6, num_classes, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = EnergyGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class SparseWeatherRMSProp:
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


def sparse_weather_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_sparse_weather_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 2257)
    features = rng.normal(size=(256, 12))
    true_weights = rng.normal(size=(12, 1))
    targets = features @ true_weights + 0.1 * rng.normal(size=(256, 1))
    weights = np.zeros((12, 1))
    bias = np.zeros(1)
    optimizer = SparseWeatherRMSProp([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = sparse_weather_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 1.0 * np.eye(12)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class HourlySpeechBatchLoader:
    """Yields shuffled, augmented minibatches of 3x6x6 hourly_speech images."""

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


def hourly_speech_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_hourly_speech_image_network(epochs=2, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 2264)
    images = rng.normal(0.5, 0.2, size=(128, 3, 6, 6))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = hourly_speech_channel_statistics(images)
    loader = HourlySpeechBatchLoader((images - mean) / std, labels, 16)
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


class StreamChurnBatchNorm:
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


def stream_churn_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_stream_churn_dense_network(steps=10):
    rng = np.random.default_rng(SEED + 2271)
    inputs = rng.normal(1.0, 2.0, size=(128, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 8))
    norm = StreamChurnBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = stream_churn_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def nightly_retail_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def nightly_retail_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_nightly_retail_features(n_components=4):
    rng = np.random.default_rng(SEED + 2278)
    latent = rng.normal(size=(200, 4))
    mixing = rng.normal(size=(4, 16))
    data = latent @ mixing + 0.1 * rng.normal(size=(200, 16))
    components, explained = nightly_retail_principal_components(data, n_components)
    projected, reconstruction = nightly_retail_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def regional_query_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def regional_query_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_regional_query_softmax_regression(iterations=30, step_size=0.5, l2=0.0001):
    rng = np.random.default_rng(SEED + 2285)
    features, labels = make_blobs(180, 6, 3, 0.7, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 3)
    weights = np.zeros((6, 3))
    bias = np.zeros(3)
    losses = []
    for iteration in range(iterations):
        loss, probs = regional_query_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = regional_query_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class PilotVibrationTiedAutoencoder:
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


def compress_pilot_vibration_signals(epochs=50, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 2292)
    basis = rng.normal(size=(3, 16))
    signals = sigmoid(rng.normal(size=(100, 3))) @ basis
    model = PilotVibrationTiedAutoencoder(16, 3, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


def regional_advert_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def regional_advert_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_regional_advert_text_classifier(epochs=5, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 2299)
    vocab_size, embed_dim, num_classes = 100, 16, 4
    token_ids = regional_advert_pad_sequences(rng.integers(1, vocab_size, size=(64, 12)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = regional_advert_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


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


def reduce_dense_stock_features(n_components=3):
    rng = np.random.default_rng(SEED + 2306)
    latent = rng.normal(size=(200, 3))
    mixing = rng.normal(size=(3, 8))
    data = latent @ mixing + 0.01 * rng.normal(size=(200, 8))
    components, explained = dense_stock_principal_components(data, n_components)
    projected, reconstruction = dense_stock_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def weekly_sensor_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def weekly_sensor_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def weekly_sensor_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def weekly_sensor_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_weekly_sensor_classifier(num_classes=3):
    rng = np.random.default_rng(SEED + 2313)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 2.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = weekly_sensor_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = weekly_sensor_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = weekly_sensor_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * weekly_sensor_log_loss(probs, actual)


def pilot_rainfall_im2col(images, kernel, stride, padding):
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


class PilotRainfallConv2D:
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
        columns, out_h, out_w = pilot_rainfall_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def pilot_rainfall_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_pilot_rainfall_images(batch_size=2):
    rng = np.random.default_rng(SEED + 2320)
    images = rng.normal(size=(batch_size, 3, 16, 16))
    conv1 = PilotRainfallConv2D(3, 4, 3, 1, 1, rng)
    conv2 = PilotRainfallConv2D(4, 16, 3, 1, 1, rng)
    hidden = pilot_rainfall_max_pool(relu(conv1(images)), 2)
    hidden = pilot_rainfall_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 3, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 3))


class BatchAdvertGaussianNaiveBayes:
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


def score_batch_advert_naive_bayes(num_classes=3):
    rng = np.random.default_rng(SEED + 2327)
    features, labels = make_blobs(300, 9, num_classes, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = BatchAdvertGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


def holdout_market_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def holdout_market_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_holdout_market_softmax_regression(iterations=30, step_size=0.1, l2=0.0001):
    rng = np.random.default_rng(SEED + 2334)
    features, labels = make_blobs(150, 10, 4, 1.2, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 4)
    weights = np.zeros((10, 4))
    bias = np.zeros(4)
    losses = []
    for iteration in range(iterations):
        loss, probs = holdout_market_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = holdout_market_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def nightly_molecule_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def nightly_molecule_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_nightly_molecule_text_classifier(epochs=20, learning_rate=1.0):
    rng = np.random.default_rng(SEED + 2341)
    vocab_size, embed_dim, num_classes = 50, 32, 4
    token_ids = nightly_molecule_pad_sequences(rng.integers(1, vocab_size, size=(64, 12)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = nightly_molecule_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class CleanPacketMLP:
    """A 4-hidden-layer perceptron for the clean_packet task."""

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


def train_clean_packet_mlp(epochs=2, learning_rate=0.02):
    rng = np.random.default_rng(SEED + 2348)
    features, labels = make_blobs(160, 16, 5, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = CleanPacketMLP([16, 16, 32, 16, 64, 5], rng)
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


class WeeklyFraudTiedAutoencoder:
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


def compress_weekly_fraud_signals(epochs=80, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 2355)
    basis = rng.normal(size=(4, 16))
    signals = sigmoid(rng.normal(size=(200, 4))) @ basis
    model = WeeklyFraudTiedAutoencoder(16, 4, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class CleanSensorBatchNorm:
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


def clean_sensor_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_clean_sensor_dense_network(steps=20):
    rng = np.random.default_rng(SEED + 2362)
    inputs = rng.normal(1.0, 2.0, size=(256, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 8))
    norm = CleanSensorBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = clean_sensor_dropout(hidden, 0.2, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class WeeklySessionRecurrentCell:
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


def forecast_weekly_session_series(steps=20):
    rng = np.random.default_rng(SEED + 2369)
    time = np.arange(steps + 1) * 0.1
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = WeeklySessionRecurrentCell(2, 24, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class AdvertBatchLoader:
    """Yields shuffled, augmented minibatches of 3x8x8 advert images."""

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


def advert_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_advert_image_network(epochs=2, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 2376)
    images = rng.normal(0.5, 0.2, size=(64, 3, 8, 8))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = advert_channel_statistics(images)
    loader = AdvertBatchLoader((images - mean) / std, labels, 16)
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
    return float(np.mean(losses[-len(loader) :]))


class HoldoutClaimAdam:
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


def holdout_claim_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_holdout_claim_regressor(epochs=40):
    rng = np.random.default_rng(SEED + 2383)
    features = rng.normal(size=(128, 12))
    true_weights = rng.normal(size=(12, 2))
    targets = features @ true_weights + 0.1 * rng.normal(size=(128, 2))
    weights = np.zeros((12, 2))
    bias = np.zeros(2)
    optimizer = HoldoutClaimAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = holdout_claim_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.01 * np.eye(12)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def daily_session_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class DailySessionEarlyStopping:
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


def daily_session_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_daily_session_logistic_model(total_steps=100, base_rate=1.0):
    rng = np.random.default_rng(SEED + 2390)
    features = rng.normal(size=(300, 5))
    direction = rng.normal(size=5)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(5)
    stopper = DailySessionEarlyStopping()
    for step in range(total_steps):
        rate = daily_session_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(daily_session_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class HoldoutSpeechKMeans:
    """Lloyd's algorithm over 5-dimensional holdout_speech readings."""

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


def cluster_holdout_speech_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 2397)
    points, _ = make_blobs(200, 5, n_clusters, 0.6, rng)
    model = HoldoutSpeechKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def legacy_crop_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class LegacyCropMultiHeadAttention:
    """Self-attention with 4 heads over 64-dimensional legacy_crop embeddings."""

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
        context, weights = legacy_crop_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def legacy_crop_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def legacy_crop_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_legacy_crop_sequences(batch_size=4, length=16, model_dim=64):
    rng = np.random.default_rng(SEED + 2404)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = LegacyCropMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
    w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = legacy_crop_layer_norm(hidden + attended, gamma, beta)
        hidden = legacy_crop_layer_norm(hidden + legacy_crop_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def hourly_inventory_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class HourlyInventoryEarlyStopping:
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


def hourly_inventory_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_hourly_inventory_logistic_model(total_steps=40, base_rate=0.5):
    rng = np.random.default_rng(SEED + 2411)
    features = rng.normal(size=(400, 10))
    direction = rng.normal(size=10)
    labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
    split = 300
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(10)
    stopper = HourlyInventoryEarlyStopping()
    for step in range(total_steps):
        rate = hourly_inventory_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(hourly_inventory_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def daily_turbine_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def daily_turbine_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_daily_turbine_softmax_regression(iterations=20, step_size=0.1, l2=0.001):
    rng = np.random.default_rng(SEED + 2418)
    features, labels = make_blobs(180, 4, 3, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 3)
    weights = np.zeros((4, 3))
    bias = np.zeros(3)
    losses = []
    for iteration in range(iterations):
        loss, probs = daily_turbine_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = daily_turbine_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class MobileProductBatchNorm:
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


def mobile_product_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_mobile_product_dense_network(steps=5):
    rng = np.random.default_rng(SEED + 2425)
    inputs = rng.normal(1.0, 2.0, size=(128, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 1))
    norm = MobileProductBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = mobile_product_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def weekly_ecg_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def weekly_ecg_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_weekly_ecg_features(n_components=4):
    rng = np.random.default_rng(SEED + 2432)
    latent = rng.normal(size=(150, 4))
    mixing = rng.normal(size=(4, 6))
    data = latent @ mixing + 0.05 * rng.normal(size=(150, 6))
    components, explained = weekly_ecg_principal_components(data, n_components)
    projected, reconstruction = weekly_ecg_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


class NoisyPacketTiedAutoencoder:
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


def compress_noisy_packet_signals(epochs=50, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 2439)
    basis = rng.normal(size=(3, 12))
    signals = sigmoid(rng.normal(size=(100, 3))) @ basis
    model = NoisyPacketTiedAutoencoder(12, 3, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class WeeklyMarketMomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.01, momentum=0.9):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated


def weekly_market_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_weekly_market_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 2446)
    features = rng.normal(size=(64, 16))
    true_weights = rng.normal(size=(16, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(64, 3))
    weights = np.zeros((16, 3))
    bias = np.zeros(3)
    optimizer = WeeklyMarketMomentumSGD([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = weekly_market_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 1.0 * np.eye(16)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def batch_turbine_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def batch_turbine_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def batch_turbine_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def batch_turbine_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_batch_turbine_classifier(num_classes=3):
    rng = np.random.default_rng(SEED + 2453)
    actual = rng.integers(0, num_classes, size=100)
    logits = rng.normal(size=(100, num_classes))
    logits[np.arange(100), actual] += 1.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = batch_turbine_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = batch_turbine_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = batch_turbine_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * batch_turbine_log_loss(probs, actual)


class StreamAdvertKMeans:
    """Lloyd's algorithm over 5-dimensional stream_advert readings."""

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


def cluster_stream_advert_readings(n_clusters=3):
    rng = np.random.default_rng(SEED + 2460)
    points, _ = make_blobs(200, 5, n_clusters, 0.4, rng)
    model = StreamAdvertKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class StreamSensorGaussianNaiveBayes:
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


def score_stream_sensor_naive_bayes(num_classes=3):
    rng = np.random.default_rng(SEED + 2467)
    features, labels = make_blobs(240, 2, num_classes, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = StreamSensorGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class ClickMLP:
    """A 1-hidden-layer perceptron for the click task."""

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


def train_click_mlp(epochs=4, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 2474)
    features, labels = make_blobs(200, 20, 4, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = ClickMLP([20, 64, 4], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class DenseGalaxyBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 dense_galaxy images."""

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


def dense_galaxy_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_dense_galaxy_image_network(epochs=3, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 2481)
    images = rng.normal(0.5, 0.2, size=(128, 1, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = dense_galaxy_channel_statistics(images)
    loader = DenseGalaxyBatchLoader((images - mean) / std, labels, 32)
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
    return float(np.mean(losses[-len(loader) :]))


class NightlySalesRecurrentCell:
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


def forecast_nightly_sales_series(steps=30):
    rng = np.random.default_rng(SEED + 2488)
    time = np.arange(steps + 1) * 0.1
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = NightlySalesRecurrentCell(2, 16, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def hourly_query_im2col(images, kernel, stride, padding):
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


class HourlyQueryConv2D:
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
        columns, out_h, out_w = hourly_query_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def hourly_query_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_hourly_query_images(batch_size=2):
    rng = np.random.default_rng(SEED + 2495)
    images = rng.normal(size=(batch_size, 3, 12, 12))
    conv1 = HourlyQueryConv2D(3, 8, 3, 1, 1, rng)
    conv2 = HourlyQueryConv2D(8, 12, 3, 1, 1, rng)
    hidden = hourly_query_max_pool(relu(conv1(images)), 2)
    hidden = hourly_query_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 5, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 5))


def holdout_patient_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def holdout_patient_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_holdout_patient_text_classifier(epochs=20, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 2502)
    vocab_size, embed_dim, num_classes = 100, 32, 4
    token_ids = holdout_patient_pad_sequences(rng.integers(1, vocab_size, size=(128, 12)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = holdout_patient_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


def sparse_invoice_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class SparseInvoiceMultiHeadAttention:
    """Self-attention with 4 heads over 32-dimensional sparse_invoice embeddings."""

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
        context, weights = sparse_invoice_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def sparse_invoice_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def sparse_invoice_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_sparse_invoice_sequences(batch_size=8, length=16, model_dim=32):
    rng = np.random.default_rng(SEED + 2509)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = SparseInvoiceMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
    w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = sparse_invoice_layer_norm(hidden + attended, gamma, beta)
        hidden = sparse_invoice_layer_norm(hidden + sparse_invoice_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class StreamStockKMeans:
    """Lloyd's algorithm over 3-dimensional stream_stock readings."""

    def __init__(self, n_clusters, max_iterations=25, tolerance=1e-3):
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


def cluster_stream_stock_readings(n_clusters=3):
    rng = np.random.default_rng(SEED + 2516)
    points, _ = make_blobs(200, 3, n_clusters, 0.4, rng)
    model = StreamStockKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def weekly_satellite_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def weekly_satellite_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_weekly_satellite_features(n_components=2):
    rng = np.random.default_rng(SEED + 2523)
    latent = rng.normal(size=(150, 2))
    mixing = rng.normal(size=(2, 8))
    data = latent @ mixing + 0.01 * rng.normal(size=(150, 8))
    components, explained = weekly_satellite_principal_components(data, n_components)
    projected, reconstruction = weekly_satellite_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def holdout_stock_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def holdout_stock_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_holdout_stock_softmax_regression(iterations=50, step_size=0.3, l2=0.001):
    rng = np.random.default_rng(SEED + 2530)
    features, labels = make_blobs(150, 16, 3, 0.7, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 3)
    weights = np.zeros((16, 3))
    bias = np.zeros(3)
    losses = []
    for iteration in range(iterations):
        loss, probs = holdout_stock_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = holdout_stock_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class WeeklyGenomeTiedAutoencoder:
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


def compress_weekly_genome_signals(epochs=50, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 2537)
    basis = rng.normal(size=(2, 16))
    signals = sigmoid(rng.normal(size=(100, 2))) @ basis
    model = WeeklyGenomeTiedAutoencoder(16, 2, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class CleanSatelliteGaussianNaiveBayes:
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


def score_clean_satellite_naive_bayes(num_classes=3):
    rng = np.random.default_rng(SEED + 2544)
    features, labels = make_blobs(150, 6, num_classes, 2.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = CleanSatelliteGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class CleanVibrationRecurrentCell:
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


def forecast_clean_vibration_series(steps=20):
    rng = np.random.default_rng(SEED + 2551)
    time = np.arange(steps + 1) * 0.3
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = CleanVibrationRecurrentCell(2, 16, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def pilot_engine_im2col(images, kernel, stride, padding):
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


class PilotEngineConv2D:
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
        columns, out_h, out_w = pilot_engine_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def pilot_engine_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_pilot_engine_images(batch_size=6):
    rng = np.random.default_rng(SEED + 2558)
    images = rng.normal(size=(batch_size, 1, 8, 8))
    conv1 = PilotEngineConv2D(1, 6, 3, 1, 1, rng)
    conv2 = PilotEngineConv2D(6, 16, 3, 1, 1, rng)
    hidden = pilot_engine_max_pool(relu(conv1(images)), 2)
    hidden = pilot_engine_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


def mobile_stock_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class MobileStockEarlyStopping:
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


def mobile_stock_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_mobile_stock_logistic_model(total_steps=100, base_rate=0.2):
    rng = np.random.default_rng(SEED + 2565)
    features = rng.normal(size=(300, 5))
    direction = rng.normal(size=5)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(5)
    stopper = MobileStockEarlyStopping()
    for step in range(total_steps):
        rate = mobile_stock_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(mobile_stock_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


def hourly_session_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class HourlySessionMultiHeadAttention:
    """Self-attention with 2 heads over 8-dimensional hourly_session embeddings."""

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
        context, weights = hourly_session_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def hourly_session_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def hourly_session_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_hourly_session_sequences(batch_size=2, length=10, model_dim=8):
    rng = np.random.default_rng(SEED + 2572)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = HourlySessionMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
    w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(1):
        attended, weights = attention(hidden)
        hidden = hourly_session_layer_norm(hidden + attended, gamma, beta)
        hidden = hourly_session_layer_norm(hidden + hourly_session_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class StockBatchNorm:
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


def stock_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_stock_dense_network(steps=5):
    rng = np.random.default_rng(SEED + 2579)
    inputs = rng.normal(1.0, 2.0, size=(128, 16))
    w_hidden = rng.normal(0.0, 0.2, size=(16, 48))
    w_out = rng.normal(0.0, 0.2, size=(48, 1))
    norm = StockBatchNorm(48)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = stock_dropout(hidden, 0.5, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def batch_genome_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def batch_genome_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def batch_genome_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def batch_genome_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_batch_genome_classifier(num_classes=6):
    rng = np.random.default_rng(SEED + 2586)
    actual = rng.integers(0, num_classes, size=400)
    logits = rng.normal(size=(400, num_classes))
    logits[np.arange(400), actual] += 1.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = batch_genome_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = batch_genome_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = batch_genome_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * batch_genome_log_loss(probs, actual)


def noisy_document_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def noisy_document_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_noisy_document_text_classifier(epochs=10, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 2593)
    vocab_size, embed_dim, num_classes = 50, 8, 4
    token_ids = noisy_document_pad_sequences(rng.integers(1, vocab_size, size=(64, 8)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = noisy_document_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class DensePatientMomentumSGD:
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


def dense_patient_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_dense_patient_regressor(epochs=40):
    rng = np.random.default_rng(SEED + 2600)
    features = rng.normal(size=(128, 12))
    true_weights = rng.normal(size=(12, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(128, 3))
    weights = np.zeros((12, 3))
    bias = np.zeros(3)
    optimizer = DensePatientMomentumSGD([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = dense_patient_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.01 * np.eye(12)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class BatchSalesMLP:
    """A 4-hidden-layer perceptron for the batch_sales task."""

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


def train_batch_sales_mlp(epochs=3, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 2607)
    features, labels = make_blobs(160, 24, 3, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = BatchSalesMLP([24, 24, 48, 32, 32, 3], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class DailyClaimBatchLoader:
    """Yields shuffled, augmented minibatches of 1x8x8 daily_claim images."""

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


def daily_claim_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_daily_claim_image_network(epochs=2, learning_rate=0.01):
    rng = np.random.default_rng(SEED + 2614)
    images = rng.normal(0.5, 0.2, size=(96, 1, 8, 8))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = daily_claim_channel_statistics(images)
    loader = DailyClaimBatchLoader((images - mean) / std, labels, 16)
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


def dense_click_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class DenseClickMultiHeadAttention:
    """Self-attention with 2 heads over 16-dimensional dense_click embeddings."""

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
        context, weights = dense_click_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def dense_click_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def dense_click_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_dense_click_sequences(batch_size=8, length=6, model_dim=16):
    rng = np.random.default_rng(SEED + 2621)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = DenseClickMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
    w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(1):
        attended, weights = attention(hidden)
        hidden = dense_click_layer_norm(hidden + attended, gamma, beta)
        hidden = dense_click_layer_norm(hidden + dense_click_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def regional_crop_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class RegionalCropEarlyStopping:
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


def regional_crop_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_regional_crop_logistic_model(total_steps=100, base_rate=0.2):
    rng = np.random.default_rng(SEED + 2628)
    features = rng.normal(size=(200, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
    split = 150
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = RegionalCropEarlyStopping()
    for step in range(total_steps):
        rate = regional_crop_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(regional_crop_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class DenseTrafficBatchLoader:
    """Yields shuffled, augmented minibatches of 1x8x8 dense_traffic images."""

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


def dense_traffic_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_dense_traffic_image_network(epochs=4, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 2635)
    images = rng.normal(0.5, 0.2, size=(96, 1, 8, 8))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = dense_traffic_channel_statistics(images)
    loader = DenseTrafficBatchLoader((images - mean) / std, labels, 16)
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


def soil_im2col(images, kernel, stride, padding):
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


class SoilConv2D:
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
        columns, out_h, out_w = soil_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def soil_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_soil_images(batch_size=6):
    rng = np.random.default_rng(SEED + 2642)
    images = rng.normal(size=(batch_size, 3, 8, 8))
    conv1 = SoilConv2D(3, 8, 3, 1, 1, rng)
    conv2 = SoilConv2D(8, 12, 3, 1, 1, rng)
    hidden = soil_max_pool(relu(conv1(images)), 2)
    hidden = soil_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


def legacy_audio_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def legacy_audio_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_legacy_audio_text_classifier(epochs=5, learning_rate=0.5):
    rng = np.random.default_rng(SEED + 2649)
    vocab_size, embed_dim, num_classes = 50, 8, 3
    token_ids = legacy_audio_pad_sequences(rng.integers(1, vocab_size, size=(64, 8)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = legacy_audio_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


class SparseVideoGaussianNaiveBayes:
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


def score_sparse_video_naive_bayes(num_classes=2):
    rng = np.random.default_rng(SEED + 2656)
    features, labels = make_blobs(240, 9, num_classes, 2.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = SparseVideoGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


def regional_soil_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def regional_soil_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_regional_soil_softmax_regression(iterations=50, step_size=0.1, l2=0.01):
    rng = np.random.default_rng(SEED + 2663)
    features, labels = make_blobs(150, 10, 5, 0.7, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 5)
    weights = np.zeros((10, 5))
    bias = np.zeros(5)
    losses = []
    for iteration in range(iterations):
        loss, probs = regional_soil_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = regional_soil_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def stream_patient_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def stream_patient_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def stream_patient_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def stream_patient_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_stream_patient_classifier(num_classes=6):
    rng = np.random.default_rng(SEED + 2670)
    actual = rng.integers(0, num_classes, size=400)
    logits = rng.normal(size=(400, num_classes))
    logits[np.arange(400), actual] += 1.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = stream_patient_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = stream_patient_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = stream_patient_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * stream_patient_log_loss(probs, actual)


class NoisyGalaxyMLP:
    """A 2-hidden-layer perceptron for the noisy_galaxy task."""

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


def train_noisy_galaxy_mlp(epochs=2, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 2677)
    features, labels = make_blobs(160, 32, 6, 0.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = NoisyGalaxyMLP([32, 32, 32, 6], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 6))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 6)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class DailyEngineBatchNorm:
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


def daily_engine_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_daily_engine_dense_network(steps=5):
    rng = np.random.default_rng(SEED + 2684)
    inputs = rng.normal(1.0, 2.0, size=(128, 10))
    w_hidden = rng.normal(0.0, 0.2, size=(10, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 1))
    norm = DailyEngineBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = daily_engine_dropout(hidden, 0.1, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class BatchSeismicKMeans:
    """Lloyd's algorithm over 3-dimensional batch_seismic readings."""

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


def cluster_batch_seismic_readings(n_clusters=6):
    rng = np.random.default_rng(SEED + 2691)
    points, _ = make_blobs(120, 3, n_clusters, 0.4, rng)
    model = BatchSeismicKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class HourlyShipmentAdam:
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


def hourly_shipment_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_hourly_shipment_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 2698)
    features = rng.normal(size=(256, 12))
    true_weights = rng.normal(size=(12, 2))
    targets = features @ true_weights + 0.1 * rng.normal(size=(256, 2))
    weights = np.zeros((12, 2))
    bias = np.zeros(2)
    optimizer = HourlyShipmentAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = hourly_shipment_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.01 * np.eye(12)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def daily_churn_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def daily_churn_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_daily_churn_features(n_components=2):
    rng = np.random.default_rng(SEED + 2705)
    latent = rng.normal(size=(200, 2))
    mixing = rng.normal(size=(2, 8))
    data = latent @ mixing + 0.1 * rng.normal(size=(200, 8))
    components, explained = daily_churn_principal_components(data, n_components)
    projected, reconstruction = daily_churn_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


class HourlyTurbineTiedAutoencoder:
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


def compress_hourly_turbine_signals(epochs=80, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 2712)
    basis = rng.normal(size=(2, 16))
    signals = sigmoid(rng.normal(size=(100, 2))) @ basis
    model = HourlyTurbineTiedAutoencoder(16, 2, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class HoldoutFraudRecurrentCell:
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


def forecast_holdout_fraud_series(steps=12):
    rng = np.random.default_rng(SEED + 2719)
    time = np.arange(steps + 1) * 0.3
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = HoldoutFraudRecurrentCell(2, 8, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


def stream_credit_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def stream_credit_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_stream_credit_text_classifier(epochs=20, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 2726)
    vocab_size, embed_dim, num_classes = 500, 32, 4
    token_ids = stream_credit_pad_sequences(rng.integers(1, vocab_size, size=(128, 20)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = stream_credit_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


def daily_patient_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def daily_patient_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_daily_patient_features(n_components=3):
    rng = np.random.default_rng(SEED + 2733)
    latent = rng.normal(size=(150, 3))
    mixing = rng.normal(size=(3, 16))
    data = latent @ mixing + 0.01 * rng.normal(size=(150, 16))
    components, explained = daily_patient_principal_components(data, n_components)
    projected, reconstruction = daily_patient_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def weekly_engine_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class WeeklyEngineEarlyStopping:
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


def weekly_engine_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_weekly_engine_logistic_model(total_steps=40, base_rate=0.5):
    rng = np.random.default_rng(SEED + 2740)
    features = rng.normal(size=(400, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
    split = 300
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = WeeklyEngineEarlyStopping()
    for step in range(total_steps):
        rate = weekly_engine_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(weekly_engine_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class SparseReviewMLP:
    """A 3-hidden-layer perceptron for the sparse_review task."""

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


def train_sparse_review_mlp(epochs=5, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 2747)
    features, labels = make_blobs(200, 20, 3, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = SparseReviewMLP([20, 64, 48, 64, 3], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def sparse_server_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def sparse_server_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def sparse_server_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def sparse_server_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_sparse_server_classifier(num_classes=6):
    rng = np.random.default_rng(SEED + 2754)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 1.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = sparse_server_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = sparse_server_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = sparse_server_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * sparse_server_log_loss(probs, actual)


class DenseDocumentRecurrentCell:
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


def forecast_dense_document_series(steps=30):
    rng = np.random.default_rng(SEED + 2761)
    time = np.arange(steps + 1) * 0.1
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = DenseDocumentRecurrentCell(2, 8, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 8), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class WeeklyDocumentGaussianNaiveBayes:
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


def score_weekly_document_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 2768)
    features, labels = make_blobs(240, 6, num_classes, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = WeeklyDocumentGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class SensorBatchLoader:
    """Yields shuffled, augmented minibatches of 1x4x4 sensor images."""

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


def sensor_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_sensor_image_network(epochs=4, learning_rate=0.01):
    rng = np.random.default_rng(SEED + 2775)
    images = rng.normal(0.5, 0.2, size=(96, 1, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = sensor_channel_statistics(images)
    loader = SensorBatchLoader((images - mean) / std, labels, 16)
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
    return float(np.mean(losses[-len(loader) :]))


class HoldoutAdvertRMSProp:
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


def holdout_advert_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_holdout_advert_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 2782)
    features = rng.normal(size=(128, 8))
    true_weights = rng.normal(size=(8, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(128, 3))
    weights = np.zeros((8, 3))
    bias = np.zeros(3)
    optimizer = HoldoutAdvertRMSProp([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = holdout_advert_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.01 * np.eye(8)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class CleanGenomeTiedAutoencoder:
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


def compress_clean_genome_signals(epochs=20, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 2789)
    basis = rng.normal(size=(2, 16))
    signals = sigmoid(rng.normal(size=(200, 2))) @ basis
    model = CleanGenomeTiedAutoencoder(16, 2, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


def pilot_credit_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class PilotCreditMultiHeadAttention:
    """Self-attention with 4 heads over 16-dimensional pilot_credit embeddings."""

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
        context, weights = pilot_credit_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def pilot_credit_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def pilot_credit_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_pilot_credit_sequences(batch_size=4, length=10, model_dim=16):
    rng = np.random.default_rng(SEED + 2796)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = PilotCreditMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
    w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = pilot_credit_layer_norm(hidden + attended, gamma, beta)
        hidden = pilot_credit_layer_norm(hidden + pilot_credit_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


class RegionalSpeechBatchNorm:
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


def regional_speech_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_regional_speech_dense_network(steps=5):
    rng = np.random.default_rng(SEED + 2803)
    inputs = rng.normal(1.0, 2.0, size=(128, 10))
    w_hidden = rng.normal(0.0, 0.2, size=(10, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 1))
    norm = RegionalSpeechBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = regional_speech_dropout(hidden, 0.1, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def mobile_sales_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def mobile_sales_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_mobile_sales_softmax_regression(iterations=30, step_size=0.3, l2=0.0001):
    rng = np.random.default_rng(SEED + 2810)
    features, labels = make_blobs(180, 4, 5, 1.2, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 5)
    weights = np.zeros((4, 5))
    bias = np.zeros(5)
    losses = []
    for iteration in range(iterations):
        loss, probs = mobile_sales_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = mobile_sales_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def noisy_video_im2col(images, kernel, stride, padding):
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


class NoisyVideoConv2D:
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
        columns, out_h, out_w = noisy_video_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def noisy_video_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_noisy_video_images(batch_size=6):
    rng = np.random.default_rng(SEED + 2817)
    images = rng.normal(size=(batch_size, 3, 8, 8))
    conv1 = NoisyVideoConv2D(3, 8, 3, 1, 1, rng)
    conv2 = NoisyVideoConv2D(8, 16, 3, 1, 1, rng)
    hidden = noisy_video_max_pool(relu(conv1(images)), 2)
    hidden = noisy_video_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 3))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 3, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 3))


class MobileSensorKMeans:
    """Lloyd's algorithm over 5-dimensional mobile_sensor readings."""

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


def cluster_mobile_sensor_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 2824)
    points, _ = make_blobs(200, 5, n_clusters, 0.9, rng)
    model = MobileSensorKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def loan_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def loan_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_loan_softmax_regression(iterations=20, step_size=0.1, l2=0.001):
    rng = np.random.default_rng(SEED + 2831)
    features, labels = make_blobs(150, 10, 3, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 3)
    weights = np.zeros((10, 3))
    bias = np.zeros(3)
    losses = []
    for iteration in range(iterations):
        loss, probs = loan_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = loan_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 10 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def legacy_query_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def legacy_query_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_legacy_query_features(n_components=4):
    rng = np.random.default_rng(SEED + 2838)
    latent = rng.normal(size=(200, 4))
    mixing = rng.normal(size=(4, 6))
    data = latent @ mixing + 0.1 * rng.normal(size=(200, 6))
    components, explained = legacy_query_principal_components(data, n_components)
    projected, reconstruction = legacy_query_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def sales_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def sales_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_sales_text_classifier(epochs=10, learning_rate=0.5):
    rng = np.random.default_rng(SEED + 2845)
    vocab_size, embed_dim, num_classes = 50, 8, 4
    token_ids = sales_pad_sequences(rng.integers(1, vocab_size, size=(64, 8)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = sales_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


def batch_audio_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class BatchAudioEarlyStopping:
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


def batch_audio_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_batch_audio_logistic_model(total_steps=60, base_rate=1.0):
    rng = np.random.default_rng(SEED + 2852)
    features = rng.normal(size=(200, 20))
    direction = rng.normal(size=20)
    labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
    split = 150
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(20)
    stopper = BatchAudioEarlyStopping()
    for step in range(total_steps):
        rate = batch_audio_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(batch_audio_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class ChurnMLP:
    """A 2-hidden-layer perceptron for the churn task."""

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


def train_churn_mlp(epochs=4, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 2859)
    features, labels = make_blobs(200, 32, 2, 0.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = ChurnMLP([32, 64, 16, 2], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 32, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 2))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 2)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


def nightly_stock_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def nightly_stock_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def nightly_stock_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def nightly_stock_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_nightly_stock_classifier(num_classes=3):
    rng = np.random.default_rng(SEED + 2866)
    actual = rng.integers(0, num_classes, size=100)
    logits = rng.normal(size=(100, num_classes))
    logits[np.arange(100), actual] += 0.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = nightly_stock_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = nightly_stock_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = nightly_stock_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * nightly_stock_log_loss(probs, actual)


class RegionalEegMomentumSGD:
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


def regional_eeg_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_regional_eeg_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 2873)
    features = rng.normal(size=(128, 4))
    true_weights = rng.normal(size=(4, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(128, 3))
    weights = np.zeros((4, 3))
    bias = np.zeros(3)
    optimizer = RegionalEegMomentumSGD([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = regional_eeg_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.1 * np.eye(4)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def pilot_loan_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class PilotLoanMultiHeadAttention:
    """Self-attention with 4 heads over 32-dimensional pilot_loan embeddings."""

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
        context, weights = pilot_loan_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def pilot_loan_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def pilot_loan_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_pilot_loan_sequences(batch_size=2, length=16, model_dim=32):
    rng = np.random.default_rng(SEED + 2880)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = PilotLoanMultiHeadAttention(model_dim, 4, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 64))
    w_out = rng.normal(0.0, 0.1, size=(64, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 4, length, length))
    for _ in range(3):
        attended, weights = attention(hidden)
        hidden = pilot_loan_layer_norm(hidden + attended, gamma, beta)
        hidden = pilot_loan_layer_norm(hidden + pilot_loan_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def sparse_eeg_im2col(images, kernel, stride, padding):
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


class SparseEegConv2D:
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
        columns, out_h, out_w = sparse_eeg_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def sparse_eeg_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_sparse_eeg_images(batch_size=2):
    rng = np.random.default_rng(SEED + 2887)
    images = rng.normal(size=(batch_size, 3, 12, 12))
    conv1 = SparseEegConv2D(3, 8, 3, 1, 1, rng)
    conv2 = SparseEegConv2D(8, 8, 3, 1, 1, rng)
    hidden = sparse_eeg_max_pool(relu(conv1(images)), 2)
    hidden = sparse_eeg_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 5, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 5))


class NightlyEcgGaussianNaiveBayes:
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


def score_nightly_ecg_naive_bayes(num_classes=4):
    rng = np.random.default_rng(SEED + 2894)
    features, labels = make_blobs(240, 6, num_classes, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = NightlyEcgGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class StreamUserTiedAutoencoder:
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


def compress_stream_user_signals(epochs=50, learning_rate=0.05):
    rng = np.random.default_rng(SEED + 2901)
    basis = rng.normal(size=(3, 8))
    signals = sigmoid(rng.normal(size=(100, 3))) @ basis
    model = StreamUserTiedAutoencoder(8, 3, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class NightlyAudioRecurrentCell:
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


def forecast_nightly_audio_series(steps=12):
    rng = np.random.default_rng(SEED + 2908)
    time = np.arange(steps + 1) * 0.2
    phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = NightlyAudioRecurrentCell(2, 16, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class NightlyProteinBatchLoader:
    """Yields shuffled, augmented minibatches of 3x4x4 nightly_protein images."""

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


def nightly_protein_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_nightly_protein_image_network(epochs=2, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 2915)
    images = rng.normal(0.5, 0.2, size=(96, 3, 4, 4))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = nightly_protein_channel_statistics(images)
    loader = NightlyProteinBatchLoader((images - mean) / std, labels, 32)
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
    return float(np.mean(losses[-len(loader) :]))


class LegacyWindBatchNorm:
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


def legacy_wind_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_legacy_wind_dense_network(steps=10):
    rng = np.random.default_rng(SEED + 2922)
    inputs = rng.normal(1.0, 2.0, size=(128, 24))
    w_hidden = rng.normal(0.0, 0.2, size=(24, 64))
    w_out = rng.normal(0.0, 0.2, size=(64, 4))
    norm = LegacyWindBatchNorm(64)
    for step in range(steps):
        batch = inputs[rng.integers(0, 128, size=32)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = legacy_wind_dropout(hidden, 0.2, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


class RegionalSensorKMeans:
    """Lloyd's algorithm over 5-dimensional regional_sensor readings."""

    def __init__(self, n_clusters, max_iterations=20, tolerance=1e-4):
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


def cluster_regional_sensor_readings(n_clusters=3):
    rng = np.random.default_rng(SEED + 2929)
    points, _ = make_blobs(200, 5, n_clusters, 0.9, rng)
    model = RegionalSensorKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


class SparseClaimGaussianNaiveBayes:
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


def score_sparse_claim_naive_bayes(num_classes=3):
    rng = np.random.default_rng(SEED + 2936)
    features, labels = make_blobs(240, 6, num_classes, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
    model = SparseClaimGaussianNaiveBayes(num_classes).fit(x_train, y_train)
    return float(np.mean(model.predict(x_test) == y_test))


class SolarMLP:
    """A 1-hidden-layer perceptron for the solar task."""

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


def train_solar_mlp(epochs=2, learning_rate=0.1):
    rng = np.random.default_rng(SEED + 2943)
    features, labels = make_blobs(240, 32, 3, 1.5, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    model = SolarMLP([32, 48, 3], rng)
    history = []
    for epoch in range(epochs):
        for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
            activations, pre_activations = model.forward(x_batch)
            grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
            model.step(grads_w, grads_b, learning_rate)
        train_probs = model.predict_proba(x_train)
        history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
    test_accuracy = accuracy(model.predict_proba(x_test), y_test)
    return test_accuracy, history


class PilotWindMomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.01, momentum=0.8):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated


def pilot_wind_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_pilot_wind_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 2950)
    features = rng.normal(size=(64, 4))
    true_weights = rng.normal(size=(4, 3))
    targets = features @ true_weights + 0.1 * rng.normal(size=(64, 3))
    weights = np.zeros((4, 3))
    bias = np.zeros(3)
    optimizer = PilotWindMomentumSGD([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = pilot_wind_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.1 * np.eye(4)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


class SparseQueryBatchLoader:
    """Yields shuffled, augmented minibatches of 1x6x6 sparse_query images."""

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


def sparse_query_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


def train_sparse_query_image_network(epochs=4, learning_rate=0.01):
    rng = np.random.default_rng(SEED + 2957)
    images = rng.normal(0.5, 0.2, size=(64, 1, 6, 6))
    labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
    mean, std = sparse_query_channel_statistics(images)
    loader = SparseQueryBatchLoader((images - mean) / std, labels, 32)
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


def regional_traffic_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def regional_traffic_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


def train_regional_traffic_text_classifier(epochs=20, learning_rate=2.0):
    rng = np.random.default_rng(SEED + 2964)
    vocab_size, embed_dim, num_classes = 100, 16, 4
    token_ids = regional_traffic_pad_sequences(rng.integers(1, vocab_size, size=(128, 12)), rng)
    labels = token_ids[:, 0] % num_classes
    embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
    weights = np.zeros((embed_dim, num_classes))
    pooled = regional_traffic_bag_of_embeddings(token_ids, embeddings)
    for epoch in range(epochs):
        probs = softmax(pooled @ weights)
        error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
        weights -= learning_rate * pooled.T @ error
    return accuracy(softmax(pooled @ weights), labels)


def legacy_video_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def legacy_video_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


def reduce_legacy_video_features(n_components=2):
    rng = np.random.default_rng(SEED + 2971)
    latent = rng.normal(size=(100, 2))
    mixing = rng.normal(size=(2, 12))
    data = latent @ mixing + 0.05 * rng.normal(size=(100, 12))
    components, explained = legacy_video_principal_components(data, n_components)
    projected, reconstruction = legacy_video_svd_projection(data, n_components)
    scores = (data - data.mean(axis=0)) @ components
    error = float(np.mean((data - reconstruction) ** 2))
    agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
    return float(explained.sum()) - error - agreement


def regional_packet_im2col(images, kernel, stride, padding):
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


class RegionalPacketConv2D:
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
        columns, out_h, out_w = regional_packet_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def regional_packet_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


def classify_regional_packet_images(batch_size=4):
    rng = np.random.default_rng(SEED + 2978)
    images = rng.normal(size=(batch_size, 1, 8, 8))
    conv1 = RegionalPacketConv2D(1, 6, 3, 1, 1, rng)
    conv2 = RegionalPacketConv2D(6, 12, 3, 1, 1, rng)
    hidden = regional_packet_max_pool(relu(conv1(images)), 2)
    hidden = regional_packet_max_pool(relu(conv2(hidden)), 2)
    flat = hidden.reshape(batch_size, -1)
    classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
    probs = softmax(flat @ classifier)
    labels = rng.integers(0, 10, size=batch_size)
    return cross_entropy(probs, one_hot(labels, 10))


def sparse_advert_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def sparse_advert_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def sparse_advert_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def sparse_advert_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_sparse_advert_classifier(num_classes=3):
    rng = np.random.default_rng(SEED + 2985)
    actual = rng.integers(0, num_classes, size=250)
    logits = rng.normal(size=(250, num_classes))
    logits[np.arange(250), actual] += 2.0
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = sparse_advert_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = sparse_advert_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = sparse_advert_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * sparse_advert_log_loss(probs, actual)


def legacy_molecule_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class LegacyMoleculeMultiHeadAttention:
    """Self-attention with 2 heads over 32-dimensional legacy_molecule embeddings."""

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
        context, weights = legacy_molecule_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def legacy_molecule_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def legacy_molecule_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


def encode_legacy_molecule_sequences(batch_size=2, length=10, model_dim=32):
    rng = np.random.default_rng(SEED + 2992)
    tokens = rng.normal(size=(batch_size, length, model_dim))
    attention = LegacyMoleculeMultiHeadAttention(model_dim, 2, rng)
    w_in = rng.normal(0.0, 0.1, size=(model_dim, 128))
    w_out = rng.normal(0.0, 0.1, size=(128, model_dim))
    gamma = np.ones(model_dim)
    beta = np.zeros(model_dim)
    hidden = tokens
    weights = np.zeros((batch_size, 2, length, length))
    for _ in range(2):
        attended, weights = attention(hidden)
        hidden = legacy_molecule_layer_norm(hidden + attended, gamma, beta)
        hidden = legacy_molecule_layer_norm(hidden + legacy_molecule_feed_forward(hidden, w_in, w_out), gamma, beta)
    pooled = hidden.mean(axis=1)
    return float(np.linalg.norm(pooled) / batch_size) + float(weights.max())


def hourly_pixel_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class HourlyPixelEarlyStopping:
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


def hourly_pixel_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_hourly_pixel_logistic_model(total_steps=60, base_rate=0.2):
    rng = np.random.default_rng(SEED + 2999)
    features = rng.normal(size=(400, 10))
    direction = rng.normal(size=10)
    labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
    split = 300
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(10)
    stopper = HourlyPixelEarlyStopping()
    for step in range(total_steps):
        rate = hourly_pixel_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(hourly_pixel_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class HourlyWindKMeans:
    """Lloyd's algorithm over 5-dimensional hourly_wind readings."""

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


def cluster_hourly_wind_readings(n_clusters=4):
    rng = np.random.default_rng(SEED + 3006)
    points, _ = make_blobs(120, 5, n_clusters, 0.9, rng)
    model = HourlyWindKMeans(n_clusters).fit(points, rng)
    return model.inertia(points) / points.shape[0]


def legacy_engine_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def legacy_engine_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_legacy_engine_softmax_regression(iterations=50, step_size=0.5, l2=0.01):
    rng = np.random.default_rng(SEED + 3013)
    features, labels = make_blobs(180, 10, 5, 0.7, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.2, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 5)
    weights = np.zeros((10, 5))
    bias = np.zeros(5)
    losses = []
    for iteration in range(iterations):
        loss, probs = legacy_engine_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = legacy_engine_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


class BatchUserRecurrentCell:
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


def forecast_batch_user_series(steps=30):
    rng = np.random.default_rng(SEED + 3020)
    time = np.arange(steps + 1) * 0.1
    phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
    signal = np.sin(time[None, :] + phases)[:, :, None]
    inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
    targets = signal[:, 1:, 0]
    cell = BatchUserRecurrentCell(2, 16, rng)
    outputs, final_state = cell.run(inputs)
    readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
    predictions = outputs @ readout
    mse = float(np.mean((predictions - targets) ** 2))
    return mse + 0.01 * float(np.linalg.norm(final_state))


class HoldoutSessionTiedAutoencoder:
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


def compress_holdout_session_signals(epochs=80, learning_rate=0.2):
    rng = np.random.default_rng(SEED + 3027)
    basis = rng.normal(size=(4, 8))
    signals = sigmoid(rng.normal(size=(200, 4))) @ basis
    model = HoldoutSessionTiedAutoencoder(8, 4, rng)
    losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
    codes = model.encode(signals)
    return losses[-1] + float(codes.var(axis=0).sum())


class HourlyStockBatchNorm:
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


def hourly_stock_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


def run_hourly_stock_dense_network(steps=5):
    rng = np.random.default_rng(SEED + 3034)
    inputs = rng.normal(1.0, 2.0, size=(256, 10))
    w_hidden = rng.normal(0.0, 0.2, size=(10, 32))
    w_out = rng.normal(0.0, 0.2, size=(32, 8))
    norm = HourlyStockBatchNorm(32)
    for step in range(steps):
        batch = inputs[rng.integers(0, 256, size=16)]
        hidden = relu(norm(batch @ w_hidden, training=True))
        hidden = hourly_stock_dropout(hidden, 0.1, rng)
        _ = hidden @ w_out
    evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
    return float(evaluation.std()) + float(norm.running_var.mean())


def daily_ecg_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def daily_ecg_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


def fit_daily_ecg_softmax_regression(iterations=20, step_size=0.1, l2=0.01):
    rng = np.random.default_rng(SEED + 3041)
    features, labels = make_blobs(180, 4, 4, 1.0, rng)
    x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
    x_train, x_test = standardize(x_train, x_test)
    targets = one_hot(y_train, 4)
    weights = np.zeros((4, 4))
    bias = np.zeros(4)
    losses = []
    for iteration in range(iterations):
        loss, probs = daily_ecg_softmax_loss(weights, bias, x_train, targets, l2)
        grad_weights, grad_bias = daily_ecg_softmax_gradients(probs, x_train, targets, weights, l2)
        weights = weights - step_size * grad_weights
        bias = bias - step_size * grad_bias
        if iteration % 5 == 0:
            losses.append(loss)
    test_probs = softmax(x_test @ weights + bias)
    return accuracy(test_probs, y_test) - 0.01 * losses[-1]


def hourly_soil_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def hourly_soil_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def hourly_soil_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def hourly_soil_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


def evaluate_hourly_soil_classifier(num_classes=6):
    rng = np.random.default_rng(SEED + 3048)
    actual = rng.integers(0, num_classes, size=100)
    logits = rng.normal(size=(100, num_classes))
    logits[np.arange(100), actual] += 0.5
    probs = softmax(logits)
    predicted = np.argmax(probs, axis=1)
    matrix = hourly_soil_confusion_matrix(predicted, actual, num_classes)
    precision, recall, f1 = hourly_soil_precision_recall_f1(matrix)
    positives = (actual == 0).astype(np.float64)
    auc = hourly_soil_roc_auc(probs[:, 0], positives)
    macro_f1 = float(f1.mean())
    gap = float(np.abs(precision - recall).mean())
    return macro_f1 + auc - gap - 0.1 * hourly_soil_log_loss(probs, actual)


def batch_loan_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class BatchLoanEarlyStopping:
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


def batch_loan_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


def train_batch_loan_logistic_model(total_steps=40, base_rate=1.0):
    rng = np.random.default_rng(SEED + 3055)
    features = rng.normal(size=(300, 10))
    direction = rng.normal(size=10)
    labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
    split = 225
    x_train, x_valid = features[:split], features[split:]
    y_train, y_valid = labels[:split], labels[split:]
    weights = np.zeros(10)
    stopper = BatchLoanEarlyStopping()
    for step in range(total_steps):
        rate = batch_loan_cosine_schedule(step, total_steps, base_rate)
        probs = sigmoid(x_train @ weights)
        gradient = x_train.T @ (probs - y_train) / split
        weights -= rate * gradient
        if stopper.should_stop(batch_loan_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
            break
    return stopper.best


class StreamDocumentAdam:
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


def stream_document_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


def fit_stream_document_regressor(epochs=20):
    rng = np.random.default_rng(SEED + 3062)
    features = rng.normal(size=(64, 8))
    true_weights = rng.normal(size=(8, 2))
    targets = features @ true_weights + 0.1 * rng.normal(size=(64, 2))
    weights = np.zeros((8, 2))
    bias = np.zeros(2)
    optimizer = StreamDocumentAdam([weights.shape, bias.shape])
    mse = math.inf
    for epoch in range(epochs):
        mse, grad_weights, grad_bias = stream_document_regression_gradients(weights, bias, features, targets)
        weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
    gram = features.T @ features + 0.01 * np.eye(8)
    closed_form = np.linalg.solve(gram, features.T @ targets)
    gap = float(np.linalg.norm(weights - closed_form))
    return mse + gap


def run_suite_1(results):
    results["forecast_noisy_market_series"] = float(forecast_noisy_market_series())
    results["compress_holdout_audio_signals"] = float(compress_holdout_audio_signals())
    results["fit_legacy_retail_regressor"] = float(fit_legacy_retail_regressor())
    results["encode_sparse_genome_sequences"] = float(encode_sparse_genome_sequences())
    results["reduce_dense_weather_features"] = float(reduce_dense_weather_features())
    results["fit_legacy_packet_softmax_regression"] = float(fit_legacy_packet_softmax_regression())
    results["classify_batch_rainfall_images"] = float(classify_batch_rainfall_images())
    results["train_molecule_mlp"] = float(train_molecule_mlp()[0])
    return results


def run_suite_2(results):
    results["run_batch_weather_dense_network"] = float(run_batch_weather_dense_network())
    results["train_holdout_product_text_classifier"] = float(train_holdout_product_text_classifier())
    results["score_noisy_solar_naive_bayes"] = float(score_noisy_solar_naive_bayes())
    results["train_legacy_eeg_logistic_model"] = float(train_legacy_eeg_logistic_model())
    results["evaluate_dense_churn_classifier"] = float(evaluate_dense_churn_classifier())
    results["train_daily_fraud_image_network"] = float(train_daily_fraud_image_network())
    results["cluster_regional_session_readings"] = float(cluster_regional_session_readings())
    results["train_legacy_seismic_logistic_model"] = float(train_legacy_seismic_logistic_model())
    return results


def run_suite_3(results):
    results["fit_stream_ecg_softmax_regression"] = float(fit_stream_ecg_softmax_regression())
    results["train_batch_eeg_text_classifier"] = float(train_batch_eeg_text_classifier())
    results["encode_mobile_engine_sequences"] = float(encode_mobile_engine_sequences())
    results["train_nightly_engine_image_network"] = float(train_nightly_engine_image_network())
    results["score_daily_shipment_naive_bayes"] = float(score_daily_shipment_naive_bayes())
    results["forecast_daily_video_series"] = float(forecast_daily_video_series())
    results["classify_pilot_user_images"] = float(classify_pilot_user_images())
    results["train_pilot_genome_mlp"] = float(train_pilot_genome_mlp()[0])
    return results


def run_suite_4(results):
    results["cluster_nightly_soil_readings"] = float(cluster_nightly_soil_readings())
    results["compress_sparse_radar_signals"] = float(compress_sparse_radar_signals())
    results["run_pilot_ecg_dense_network"] = float(run_pilot_ecg_dense_network())
    results["reduce_dense_packet_features"] = float(reduce_dense_packet_features())
    results["fit_legacy_document_regressor"] = float(fit_legacy_document_regressor())
    results["evaluate_stream_radar_classifier"] = float(evaluate_stream_radar_classifier())
    results["classify_regional_solar_images"] = float(classify_regional_solar_images())
    results["train_market_logistic_model"] = float(train_market_logistic_model())
    return results


def run_suite_5(results):
    results["score_clean_review_naive_bayes"] = float(score_clean_review_naive_bayes())
    results["cluster_mobile_rainfall_readings"] = float(cluster_mobile_rainfall_readings())
    results["fit_wind_softmax_regression"] = float(fit_wind_softmax_regression())
    results["evaluate_dense_pixel_classifier"] = float(evaluate_dense_pixel_classifier())
    results["train_sparse_stock_mlp"] = float(train_sparse_stock_mlp()[0])
    results["forecast_dense_soil_series"] = float(forecast_dense_soil_series())
    results["encode_clean_flight_sequences"] = float(encode_clean_flight_sequences())
    results["train_legacy_user_text_classifier"] = float(train_legacy_user_text_classifier())
    return results


def run_suite_6(results):
    results["compress_daily_pixel_signals"] = float(compress_daily_pixel_signals())
    results["fit_hourly_market_regressor"] = float(fit_hourly_market_regressor())
    results["reduce_weekly_vibration_features"] = float(reduce_weekly_vibration_features())
    results["train_holdout_molecule_image_network"] = float(train_holdout_molecule_image_network())
    results["run_regional_churn_dense_network"] = float(run_regional_churn_dense_network())
    results["classify_regional_stock_images"] = float(classify_regional_stock_images())
    results["fit_stream_pixel_softmax_regression"] = float(fit_stream_pixel_softmax_regression())
    results["encode_dense_sales_sequences"] = float(encode_dense_sales_sequences())
    return results


def run_suite_7(results):
    results["train_user_image_network"] = float(train_user_image_network())
    results["reduce_regional_radar_features"] = float(reduce_regional_radar_features())
    results["compress_stream_packet_signals"] = float(compress_stream_packet_signals())
    results["forecast_regional_satellite_series"] = float(forecast_regional_satellite_series())
    results["train_regional_review_logistic_model"] = float(train_regional_review_logistic_model())
    results["score_holdout_turbine_naive_bayes"] = float(score_holdout_turbine_naive_bayes())
    results["fit_lidar_regressor"] = float(fit_lidar_regressor())
    results["run_eeg_dense_network"] = float(run_eeg_dense_network())
    return results


def run_suite_8(results):
    results["train_regional_patient_text_classifier"] = float(train_regional_patient_text_classifier())
    results["train_daily_advert_mlp"] = float(train_daily_advert_mlp()[0])
    results["evaluate_nightly_pixel_classifier"] = float(evaluate_nightly_pixel_classifier())
    results["cluster_stream_retail_readings"] = float(cluster_stream_retail_readings())
    results["forecast_weekly_stock_series"] = float(forecast_weekly_stock_series())
    results["fit_pilot_invoice_regressor"] = float(fit_pilot_invoice_regressor())
    results["compress_nightly_sensor_signals"] = float(compress_nightly_sensor_signals())
    results["run_pilot_query_dense_network"] = float(run_pilot_query_dense_network())
    return results


def run_suite_9(results):
    results["train_batch_crop_text_classifier"] = float(train_batch_crop_text_classifier())
    results["train_dense_claim_logistic_model"] = float(train_dense_claim_logistic_model())
    results["classify_nightly_document_images"] = float(classify_nightly_document_images())
    results["evaluate_stream_soil_classifier"] = float(evaluate_stream_soil_classifier())
    results["train_batch_engine_mlp"] = float(train_batch_engine_mlp()[0])
    results["fit_hourly_engine_softmax_regression"] = float(fit_hourly_engine_softmax_regression())
    results["encode_mobile_crop_sequences"] = float(encode_mobile_crop_sequences())
    results["train_stream_wind_image_network"] = float(train_stream_wind_image_network())
    return results


def run_suite_10(results):
    results["cluster_ecg_readings"] = float(cluster_ecg_readings())
    results["reduce_product_features"] = float(reduce_product_features())
    results["score_legacy_pixel_naive_bayes"] = float(score_legacy_pixel_naive_bayes())
    results["fit_sparse_patient_softmax_regression"] = float(fit_sparse_patient_softmax_regression())
    results["encode_holdout_seismic_sequences"] = float(encode_holdout_seismic_sequences())
    results["run_dense_audio_dense_network"] = float(run_dense_audio_dense_network())
    results["classify_sparse_churn_images"] = float(classify_sparse_churn_images())
    results["train_weekly_pixel_mlp"] = float(train_weekly_pixel_mlp()[0])
    return results


def run_suite_11(results):
    results["fit_daily_crop_regressor"] = float(fit_daily_crop_regressor())
    results["train_hourly_satellite_text_classifier"] = float(train_hourly_satellite_text_classifier())
    results["cluster_hourly_ecg_readings"] = float(cluster_hourly_ecg_readings())
    results["train_regional_credit_logistic_model"] = float(train_regional_credit_logistic_model())
    results["compress_sparse_speech_signals"] = float(compress_sparse_speech_signals())
    results["reduce_query_features"] = float(reduce_query_features())
    results["evaluate_mobile_invoice_classifier"] = float(evaluate_mobile_invoice_classifier())
    results["score_batch_credit_naive_bayes"] = float(score_batch_credit_naive_bayes())
    return results


def run_suite_12(results):
    results["forecast_nightly_inventory_series"] = float(forecast_nightly_inventory_series())
    results["train_batch_molecule_image_network"] = float(train_batch_molecule_image_network())
    results["fit_hourly_document_softmax_regression"] = float(fit_hourly_document_softmax_regression())
    results["train_sparse_turbine_text_classifier"] = float(train_sparse_turbine_text_classifier())
    results["train_mobile_seismic_mlp"] = float(train_mobile_seismic_mlp()[0])
    results["evaluate_dense_radar_classifier"] = float(evaluate_dense_radar_classifier())
    results["cluster_pilot_market_readings"] = float(cluster_pilot_market_readings())
    results["forecast_sparse_rainfall_series"] = float(forecast_sparse_rainfall_series())
    return results


def run_suite_13(results):
    results["classify_noisy_eeg_images"] = float(classify_noisy_eeg_images())
    results["train_noisy_fraud_logistic_model"] = float(train_noisy_fraud_logistic_model())
    results["encode_clean_molecule_sequences"] = float(encode_clean_molecule_sequences())
    results["fit_satellite_regressor"] = float(fit_satellite_regressor())
    results["run_stream_speech_dense_network"] = float(run_stream_speech_dense_network())
    results["train_clean_eeg_image_network"] = float(train_clean_eeg_image_network())
    results["score_vibration_naive_bayes"] = float(score_vibration_naive_bayes())
    results["compress_holdout_pixel_signals"] = float(compress_holdout_pixel_signals())
    return results


def run_suite_14(results):
    results["reduce_weekly_video_features"] = float(reduce_weekly_video_features())
    results["train_daily_document_logistic_model"] = float(train_daily_document_logistic_model())
    results["fit_clean_video_softmax_regression"] = float(fit_clean_video_softmax_regression())
    results["forecast_pilot_video_series"] = float(forecast_pilot_video_series())
    results["score_clean_invoice_naive_bayes"] = float(score_clean_invoice_naive_bayes())
    results["evaluate_weekly_invoice_classifier"] = float(evaluate_weekly_invoice_classifier())
    results["encode_weekly_energy_sequences"] = float(encode_weekly_energy_sequences())
    results["fit_dense_satellite_regressor"] = float(fit_dense_satellite_regressor())
    return results


def run_suite_15(results):
    results["train_stream_server_mlp"] = float(train_stream_server_mlp()[0])
    results["train_mobile_turbine_text_classifier"] = float(train_mobile_turbine_text_classifier())
    results["reduce_nightly_session_features"] = float(reduce_nightly_session_features())
    results["run_mobile_speech_dense_network"] = float(run_mobile_speech_dense_network())
    results["cluster_dense_ecg_readings"] = float(cluster_dense_ecg_readings())
    results["train_nightly_churn_image_network"] = float(train_nightly_churn_image_network())
    results["classify_clean_advert_images"] = float(classify_clean_advert_images())
    results["compress_sparse_crop_signals"] = float(compress_sparse_crop_signals())
    return results


def run_suite_16(results):
    results["score_regional_molecule_naive_bayes"] = float(score_regional_molecule_naive_bayes())
    results["train_weekly_soil_mlp"] = float(train_weekly_soil_mlp()[0])
    results["compress_legacy_genome_signals"] = float(compress_legacy_genome_signals())
    results["encode_holdout_loan_sequences"] = float(encode_holdout_loan_sequences())
    results["train_hourly_review_text_classifier"] = float(train_hourly_review_text_classifier())
    results["reduce_hourly_galaxy_features"] = float(reduce_hourly_galaxy_features())
    results["run_batch_soil_dense_network"] = float(run_batch_soil_dense_network())
    results["forecast_clean_query_series"] = float(forecast_clean_query_series())
    return results


def run_suite_17(results):
    results["train_weekly_patient_logistic_model"] = float(train_weekly_patient_logistic_model())
    results["classify_clean_solar_images"] = float(classify_clean_solar_images())
    results["cluster_mobile_satellite_readings"] = float(cluster_mobile_satellite_readings())
    results["fit_daily_rainfall_regressor"] = float(fit_daily_rainfall_regressor())
    results["fit_pilot_fraud_softmax_regression"] = float(fit_pilot_fraud_softmax_regression())
    results["evaluate_noisy_inventory_classifier"] = float(evaluate_noisy_inventory_classifier())
    results["train_nightly_review_image_network"] = float(train_nightly_review_image_network())
    results["reduce_batch_protein_features"] = float(reduce_batch_protein_features())
    return results


def run_suite_18(results):
    results["fit_pilot_document_softmax_regression"] = float(fit_pilot_document_softmax_regression())
    results["evaluate_holdout_churn_classifier"] = float(evaluate_holdout_churn_classifier())
    results["train_holdout_vibration_image_network"] = float(train_holdout_vibration_image_network())
    results["compress_daily_genome_signals"] = float(compress_daily_genome_signals())
    results["encode_weekly_turbine_sequences"] = float(encode_weekly_turbine_sequences())
    results["fit_hourly_vibration_regressor"] = float(fit_hourly_vibration_regressor())
    results["train_hourly_sensor_mlp"] = float(train_hourly_sensor_mlp()[0])
    results["cluster_clean_product_readings"] = float(cluster_clean_product_readings())
    return results


def run_suite_19(results):
    results["forecast_nightly_advert_series"] = float(forecast_nightly_advert_series())
    results["train_hourly_invoice_logistic_model"] = float(train_hourly_invoice_logistic_model())
    results["train_noisy_energy_text_classifier"] = float(train_noisy_energy_text_classifier())
    results["run_holdout_protein_dense_network"] = float(run_holdout_protein_dense_network())
    results["score_stream_click_naive_bayes"] = float(score_stream_click_naive_bayes())
    results["classify_batch_retail_images"] = float(classify_batch_retail_images())
    results["train_legacy_churn_text_classifier"] = float(train_legacy_churn_text_classifier())
    results["train_clean_crop_logistic_model"] = float(train_clean_crop_logistic_model())
    return results


def run_suite_20(results):
    results["reduce_pilot_lidar_features"] = float(reduce_pilot_lidar_features())
    results["score_review_naive_bayes"] = float(score_review_naive_bayes())
    results["train_hourly_product_mlp"] = float(train_hourly_product_mlp()[0])
    results["evaluate_nightly_crop_classifier"] = float(evaluate_nightly_crop_classifier())
    results["fit_hourly_sales_softmax_regression"] = float(fit_hourly_sales_softmax_regression())
    results["run_holdout_click_dense_network"] = float(run_holdout_click_dense_network())
    results["compress_regional_fraud_signals"] = float(compress_regional_fraud_signals())
    results["cluster_dense_credit_readings"] = float(cluster_dense_credit_readings())
    return results


def run_suite_21(results):
    results["forecast_mobile_click_series"] = float(forecast_mobile_click_series())
    results["train_clean_fraud_image_network"] = float(train_clean_fraud_image_network())
    results["fit_nightly_patient_regressor"] = float(fit_nightly_patient_regressor())
    results["encode_nightly_packet_sequences"] = float(encode_nightly_packet_sequences())
    results["classify_batch_churn_images"] = float(classify_batch_churn_images())
    results["compress_regional_document_signals"] = float(compress_regional_document_signals())
    results["run_regional_product_dense_network"] = float(run_regional_product_dense_network())
    results["train_noisy_audio_mlp"] = float(train_noisy_audio_mlp()[0])
    return results


def run_suite_22(results):
    results["evaluate_pilot_sales_classifier"] = float(evaluate_pilot_sales_classifier())
    results["fit_clean_claim_softmax_regression"] = float(fit_clean_claim_softmax_regression())
    results["forecast_mobile_churn_series"] = float(forecast_mobile_churn_series())
    results["reduce_noisy_satellite_features"] = float(reduce_noisy_satellite_features())
    results["encode_legacy_product_sequences"] = float(encode_legacy_product_sequences())
    results["train_daily_satellite_image_network"] = float(train_daily_satellite_image_network())
    results["fit_batch_traffic_regressor"] = float(fit_batch_traffic_regressor())
    results["train_noisy_genome_text_classifier"] = float(train_noisy_genome_text_classifier())
    return results


def run_suite_23(results):
    results["score_seismic_naive_bayes"] = float(score_seismic_naive_bayes())
    results["cluster_weekly_crop_readings"] = float(cluster_weekly_crop_readings())
    results["train_daily_user_logistic_model"] = float(train_daily_user_logistic_model())
    results["classify_shipment_images"] = float(classify_shipment_images())
    results["forecast_daily_vibration_series"] = float(forecast_daily_vibration_series())
    results["train_packet_text_classifier"] = float(train_packet_text_classifier())
    results["fit_hourly_loan_softmax_regression"] = float(fit_hourly_loan_softmax_regression())
    results["score_mobile_audio_naive_bayes"] = float(score_mobile_audio_naive_bayes())
    return results


def run_suite_24(results):
    results["cluster_clean_soil_readings"] = float(cluster_clean_soil_readings())
    results["fit_dense_advert_regressor"] = float(fit_dense_advert_regressor())
    results["compress_legacy_advert_signals"] = float(compress_legacy_advert_signals())
    results["run_regional_genome_dense_network"] = float(run_regional_genome_dense_network())
    results["classify_inventory_images"] = float(classify_inventory_images())
    results["train_sparse_click_image_network"] = float(train_sparse_click_image_network())
    results["reduce_hourly_weather_features"] = float(reduce_hourly_weather_features())
    results["train_sparse_user_logistic_model"] = float(train_sparse_user_logistic_model())
    return results


def run_suite_25(results):
    results["evaluate_clean_speech_classifier"] = float(evaluate_clean_speech_classifier())
    results["train_weekly_credit_mlp"] = float(train_weekly_credit_mlp()[0])
    results["encode_mobile_genome_sequences"] = float(encode_mobile_genome_sequences())
    results["run_hourly_retail_dense_network"] = float(run_hourly_retail_dense_network())
    results["train_holdout_engine_text_classifier"] = float(train_holdout_engine_text_classifier())
    results["cluster_flight_readings"] = float(cluster_flight_readings())
    results["train_nightly_vibration_mlp"] = float(train_nightly_vibration_mlp()[0])
    results["reduce_hourly_energy_features"] = float(reduce_hourly_energy_features())
    return results


def run_suite_26(results):
    results["encode_batch_market_sequences"] = float(encode_batch_market_sequences())
    results["classify_dense_invoice_images"] = float(classify_dense_invoice_images())
    results["train_hourly_churn_image_network"] = float(train_hourly_churn_image_network())
    results["evaluate_weekly_review_classifier"] = float(evaluate_weekly_review_classifier())
    results["score_dense_query_naive_bayes"] = float(score_dense_query_naive_bayes())
    results["forecast_clean_seismic_series"] = float(forecast_clean_seismic_series())
    results["fit_noisy_traffic_regressor"] = float(fit_noisy_traffic_regressor())
    results["compress_hourly_protein_signals"] = float(compress_hourly_protein_signals())
    return results


def run_suite_27(results):
    results["fit_hourly_rainfall_softmax_regression"] = float(fit_hourly_rainfall_softmax_regression())
    results["train_daily_market_logistic_model"] = float(train_daily_market_logistic_model())
    results["train_holdout_flight_mlp"] = float(train_holdout_flight_mlp()[0])
    results["classify_mobile_lidar_images"] = float(classify_mobile_lidar_images())
    results["forecast_holdout_satellite_series"] = float(forecast_holdout_satellite_series())
    results["reduce_pilot_audio_features"] = float(reduce_pilot_audio_features())
    results["encode_pilot_energy_sequences"] = float(encode_pilot_energy_sequences())
    results["fit_stream_energy_softmax_regression"] = float(fit_stream_energy_softmax_regression())
    return results


def run_suite_28(results):
    results["train_sparse_document_text_classifier"] = float(train_sparse_document_text_classifier())
    results["cluster_weekly_eeg_readings"] = float(cluster_weekly_eeg_readings())
    results["fit_dense_product_regressor"] = float(fit_dense_product_regressor())
    results["compress_sparse_galaxy_signals"] = float(compress_sparse_galaxy_signals())
    results["train_holdout_traffic_logistic_model"] = float(train_holdout_traffic_logistic_model())
    results["run_regional_ecg_dense_network"] = float(run_regional_ecg_dense_network())
    results["score_clean_credit_naive_bayes"] = float(score_clean_credit_naive_bayes())
    results["evaluate_daily_traffic_classifier"] = float(evaluate_daily_traffic_classifier())
    return results


def run_suite_29(results):
    results["train_mobile_fraud_image_network"] = float(train_mobile_fraud_image_network())
    results["cluster_holdout_radar_readings"] = float(cluster_holdout_radar_readings())
    results["reduce_weekly_seismic_features"] = float(reduce_weekly_seismic_features())
    results["train_stream_video_text_classifier"] = float(train_stream_video_text_classifier())
    results["classify_sparse_ecg_images"] = float(classify_sparse_ecg_images())
    results["fit_legacy_fraud_regressor"] = float(fit_legacy_fraud_regressor())
    results["forecast_holdout_credit_series"] = float(forecast_holdout_credit_series())
    results["run_mobile_document_dense_network"] = float(run_mobile_document_dense_network())
    return results


def run_suite_30(results):
    results["compress_sparse_satellite_signals"] = float(compress_sparse_satellite_signals())
    results["evaluate_holdout_ecg_classifier"] = float(evaluate_holdout_ecg_classifier())
    results["train_sparse_market_mlp"] = float(train_sparse_market_mlp()[0])
    results["train_engine_logistic_model"] = float(train_engine_logistic_model())
    results["encode_clean_document_sequences"] = float(encode_clean_document_sequences())
    results["fit_pilot_molecule_softmax_regression"] = float(fit_pilot_molecule_softmax_regression())
    results["score_pilot_product_naive_bayes"] = float(score_pilot_product_naive_bayes())
    results["train_dense_wind_image_network"] = float(train_dense_wind_image_network())
    return results


def run_suite_31(results):
    results["cluster_regional_flight_readings"] = float(cluster_regional_flight_readings())
    results["train_traffic_logistic_model"] = float(train_traffic_logistic_model())
    results["forecast_retail_series"] = float(forecast_retail_series())
    results["train_mobile_review_text_classifier"] = float(train_mobile_review_text_classifier())
    results["evaluate_regional_server_classifier"] = float(evaluate_regional_server_classifier())
    results["fit_legacy_protein_softmax_regression"] = float(fit_legacy_protein_softmax_regression())
    results["classify_stream_review_images"] = float(classify_stream_review_images())
    results["fit_pilot_packet_regressor"] = float(fit_pilot_packet_regressor())
    return results


def run_suite_32(results):
    results["run_clean_shipment_dense_network"] = float(run_clean_shipment_dense_network())
    results["reduce_stream_loan_features"] = float(reduce_stream_loan_features())
    results["train_regional_vibration_mlp"] = float(train_regional_vibration_mlp()[0])
    results["train_mobile_pixel_image_network"] = float(train_mobile_pixel_image_network())
    results["score_daily_protein_naive_bayes"] = float(score_daily_protein_naive_bayes())
    results["encode_daily_wind_sequences"] = float(encode_daily_wind_sequences())
    results["compress_noisy_stock_signals"] = float(compress_noisy_stock_signals())
    results["compress_sparse_traffic_signals"] = float(compress_sparse_traffic_signals())
    return results


def run_suite_33(results):
    results["classify_clean_session_images"] = float(classify_clean_session_images())
    results["reduce_daily_query_features"] = float(reduce_daily_query_features())
    results["train_noisy_server_logistic_model"] = float(train_noisy_server_logistic_model())
    results["train_regional_user_text_classifier"] = float(train_regional_user_text_classifier())
    results["run_dense_user_dense_network"] = float(run_dense_user_dense_network())
    results["fit_weekly_shipment_regressor"] = float(fit_weekly_shipment_regressor())
    results["encode_pilot_galaxy_sequences"] = float(encode_pilot_galaxy_sequences())
    results["train_noisy_query_mlp"] = float(train_noisy_query_mlp()[0])
    return results


def run_suite_34(results):
    results["cluster_document_readings"] = float(cluster_document_readings())
    results["evaluate_holdout_inventory_classifier"] = float(evaluate_holdout_inventory_classifier())
    results["fit_sparse_retail_softmax_regression"] = float(fit_sparse_retail_softmax_regression())
    results["train_legacy_claim_image_network"] = float(train_legacy_claim_image_network())
    results["score_noisy_engine_naive_bayes"] = float(score_noisy_engine_naive_bayes())
    results["forecast_daily_sensor_series"] = float(forecast_daily_sensor_series())
    results["train_weekly_traffic_image_network"] = float(train_weekly_traffic_image_network())
    results["forecast_dense_session_series"] = float(forecast_dense_session_series())
    return results


def run_suite_35(results):
    results["fit_batch_stock_regressor"] = float(fit_batch_stock_regressor())
    results["run_credit_dense_network"] = float(run_credit_dense_network())
    results["cluster_clean_turbine_readings"] = float(cluster_clean_turbine_readings())
    results["encode_hourly_genome_sequences"] = float(encode_hourly_genome_sequences())
    results["train_batch_invoice_text_classifier"] = float(train_batch_invoice_text_classifier())
    results["compress_batch_click_signals"] = float(compress_batch_click_signals())
    results["fit_nightly_genome_softmax_regression"] = float(fit_nightly_genome_softmax_regression())
    results["evaluate_holdout_video_classifier"] = float(evaluate_holdout_video_classifier())
    return results


def run_suite_36(results):
    results["classify_hourly_radar_images"] = float(classify_hourly_radar_images())
    results["train_weekly_claim_logistic_model"] = float(train_weekly_claim_logistic_model())
    results["score_mobile_galaxy_naive_bayes"] = float(score_mobile_galaxy_naive_bayes())
    results["train_stream_sales_mlp"] = float(train_stream_sales_mlp()[0])
    results["reduce_sparse_wind_features"] = float(reduce_sparse_wind_features())
    results["train_sparse_engine_text_classifier"] = float(train_sparse_engine_text_classifier())
    results["run_daily_radar_dense_network"] = float(run_daily_radar_dense_network())
    results["evaluate_regional_invoice_classifier"] = float(evaluate_regional_invoice_classifier())
    return results


def run_suite_37(results):
    results["train_regional_energy_image_network"] = float(train_regional_energy_image_network())
    results["train_nightly_flight_logistic_model"] = float(train_nightly_flight_logistic_model())
    results["fit_noisy_turbine_softmax_regression"] = float(fit_noisy_turbine_softmax_regression())
    results["train_nightly_rainfall_mlp"] = float(train_nightly_rainfall_mlp()[0])
    results["score_stream_galaxy_naive_bayes"] = float(score_stream_galaxy_naive_bayes())
    results["compress_noisy_weather_signals"] = float(compress_noisy_weather_signals())
    results["fit_batch_packet_regressor"] = float(fit_batch_packet_regressor())
    results["cluster_daily_server_readings"] = float(cluster_daily_server_readings())
    return results


def run_suite_38(results):
    results["classify_clean_radar_images"] = float(classify_clean_radar_images())
    results["reduce_weather_features"] = float(reduce_weather_features())
    results["forecast_stream_solar_series"] = float(forecast_stream_solar_series())
    results["encode_daily_solar_sequences"] = float(encode_daily_solar_sequences())
    results["forecast_clean_weather_series"] = float(forecast_clean_weather_series())
    results["evaluate_clean_rainfall_classifier"] = float(evaluate_clean_rainfall_classifier())
    results["classify_daily_soil_images"] = float(classify_daily_soil_images())
    results["train_session_logistic_model"] = float(train_session_logistic_model())
    return results


def run_suite_39(results):
    results["encode_weekly_rainfall_sequences"] = float(encode_weekly_rainfall_sequences())
    results["train_pilot_pixel_mlp"] = float(train_pilot_pixel_mlp()[0])
    results["cluster_dense_sensor_readings"] = float(cluster_dense_sensor_readings())
    results["score_energy_naive_bayes"] = float(score_energy_naive_bayes())
    results["fit_sparse_weather_regressor"] = float(fit_sparse_weather_regressor())
    results["train_hourly_speech_image_network"] = float(train_hourly_speech_image_network())
    results["run_stream_churn_dense_network"] = float(run_stream_churn_dense_network())
    results["reduce_nightly_retail_features"] = float(reduce_nightly_retail_features())
    return results


def run_suite_40(results):
    results["fit_regional_query_softmax_regression"] = float(fit_regional_query_softmax_regression())
    results["compress_pilot_vibration_signals"] = float(compress_pilot_vibration_signals())
    results["train_regional_advert_text_classifier"] = float(train_regional_advert_text_classifier())
    results["reduce_dense_stock_features"] = float(reduce_dense_stock_features())
    results["evaluate_weekly_sensor_classifier"] = float(evaluate_weekly_sensor_classifier())
    results["classify_pilot_rainfall_images"] = float(classify_pilot_rainfall_images())
    results["score_batch_advert_naive_bayes"] = float(score_batch_advert_naive_bayes())
    results["fit_holdout_market_softmax_regression"] = float(fit_holdout_market_softmax_regression())
    return results


def run_suite_41(results):
    results["train_nightly_molecule_text_classifier"] = float(train_nightly_molecule_text_classifier())
    results["train_clean_packet_mlp"] = float(train_clean_packet_mlp()[0])
    results["compress_weekly_fraud_signals"] = float(compress_weekly_fraud_signals())
    results["run_clean_sensor_dense_network"] = float(run_clean_sensor_dense_network())
    results["forecast_weekly_session_series"] = float(forecast_weekly_session_series())
    results["train_advert_image_network"] = float(train_advert_image_network())
    results["fit_holdout_claim_regressor"] = float(fit_holdout_claim_regressor())
    results["train_daily_session_logistic_model"] = float(train_daily_session_logistic_model())
    return results


def run_suite_42(results):
    results["cluster_holdout_speech_readings"] = float(cluster_holdout_speech_readings())
    results["encode_legacy_crop_sequences"] = float(encode_legacy_crop_sequences())
    results["train_hourly_inventory_logistic_model"] = float(train_hourly_inventory_logistic_model())
    results["fit_daily_turbine_softmax_regression"] = float(fit_daily_turbine_softmax_regression())
    results["run_mobile_product_dense_network"] = float(run_mobile_product_dense_network())
    results["reduce_weekly_ecg_features"] = float(reduce_weekly_ecg_features())
    results["compress_noisy_packet_signals"] = float(compress_noisy_packet_signals())
    results["fit_weekly_market_regressor"] = float(fit_weekly_market_regressor())
    return results


def run_suite_43(results):
    results["evaluate_batch_turbine_classifier"] = float(evaluate_batch_turbine_classifier())
    results["cluster_stream_advert_readings"] = float(cluster_stream_advert_readings())
    results["score_stream_sensor_naive_bayes"] = float(score_stream_sensor_naive_bayes())
    results["train_click_mlp"] = float(train_click_mlp()[0])
    results["train_dense_galaxy_image_network"] = float(train_dense_galaxy_image_network())
    results["forecast_nightly_sales_series"] = float(forecast_nightly_sales_series())
    results["classify_hourly_query_images"] = float(classify_hourly_query_images())
    results["train_holdout_patient_text_classifier"] = float(train_holdout_patient_text_classifier())
    return results


def run_suite_44(results):
    results["encode_sparse_invoice_sequences"] = float(encode_sparse_invoice_sequences())
    results["cluster_stream_stock_readings"] = float(cluster_stream_stock_readings())
    results["reduce_weekly_satellite_features"] = float(reduce_weekly_satellite_features())
    results["fit_holdout_stock_softmax_regression"] = float(fit_holdout_stock_softmax_regression())
    results["compress_weekly_genome_signals"] = float(compress_weekly_genome_signals())
    results["score_clean_satellite_naive_bayes"] = float(score_clean_satellite_naive_bayes())
    results["forecast_clean_vibration_series"] = float(forecast_clean_vibration_series())
    results["classify_pilot_engine_images"] = float(classify_pilot_engine_images())
    return results


def run_suite_45(results):
    results["train_mobile_stock_logistic_model"] = float(train_mobile_stock_logistic_model())
    results["encode_hourly_session_sequences"] = float(encode_hourly_session_sequences())
    results["run_stock_dense_network"] = float(run_stock_dense_network())
    results["evaluate_batch_genome_classifier"] = float(evaluate_batch_genome_classifier())
    results["train_noisy_document_text_classifier"] = float(train_noisy_document_text_classifier())
    results["fit_dense_patient_regressor"] = float(fit_dense_patient_regressor())
    results["train_batch_sales_mlp"] = float(train_batch_sales_mlp()[0])
    results["train_daily_claim_image_network"] = float(train_daily_claim_image_network())
    return results


def run_suite_46(results):
    results["encode_dense_click_sequences"] = float(encode_dense_click_sequences())
    results["train_regional_crop_logistic_model"] = float(train_regional_crop_logistic_model())
    results["train_dense_traffic_image_network"] = float(train_dense_traffic_image_network())
    results["classify_soil_images"] = float(classify_soil_images())
    results["train_legacy_audio_text_classifier"] = float(train_legacy_audio_text_classifier())
    results["score_sparse_video_naive_bayes"] = float(score_sparse_video_naive_bayes())
    results["fit_regional_soil_softmax_regression"] = float(fit_regional_soil_softmax_regression())
    results["evaluate_stream_patient_classifier"] = float(evaluate_stream_patient_classifier())
    return results


def run_suite_47(results):
    results["train_noisy_galaxy_mlp"] = float(train_noisy_galaxy_mlp()[0])
    results["run_daily_engine_dense_network"] = float(run_daily_engine_dense_network())
    results["cluster_batch_seismic_readings"] = float(cluster_batch_seismic_readings())
    results["fit_hourly_shipment_regressor"] = float(fit_hourly_shipment_regressor())
    results["reduce_daily_churn_features"] = float(reduce_daily_churn_features())
    results["compress_hourly_turbine_signals"] = float(compress_hourly_turbine_signals())
    results["forecast_holdout_fraud_series"] = float(forecast_holdout_fraud_series())
    results["train_stream_credit_text_classifier"] = float(train_stream_credit_text_classifier())
    return results


def run_suite_48(results):
    results["reduce_daily_patient_features"] = float(reduce_daily_patient_features())
    results["train_weekly_engine_logistic_model"] = float(train_weekly_engine_logistic_model())
    results["train_sparse_review_mlp"] = float(train_sparse_review_mlp()[0])
    results["evaluate_sparse_server_classifier"] = float(evaluate_sparse_server_classifier())
    results["forecast_dense_document_series"] = float(forecast_dense_document_series())
    results["score_weekly_document_naive_bayes"] = float(score_weekly_document_naive_bayes())
    results["train_sensor_image_network"] = float(train_sensor_image_network())
    results["fit_holdout_advert_regressor"] = float(fit_holdout_advert_regressor())
    return results


def run_suite_49(results):
    results["compress_clean_genome_signals"] = float(compress_clean_genome_signals())
    results["encode_pilot_credit_sequences"] = float(encode_pilot_credit_sequences())
    results["run_regional_speech_dense_network"] = float(run_regional_speech_dense_network())
    results["fit_mobile_sales_softmax_regression"] = float(fit_mobile_sales_softmax_regression())
    results["classify_noisy_video_images"] = float(classify_noisy_video_images())
    results["cluster_mobile_sensor_readings"] = float(cluster_mobile_sensor_readings())
    results["fit_loan_softmax_regression"] = float(fit_loan_softmax_regression())
    results["reduce_legacy_query_features"] = float(reduce_legacy_query_features())
    return results


def run_suite_50(results):
    results["train_sales_text_classifier"] = float(train_sales_text_classifier())
    results["train_batch_audio_logistic_model"] = float(train_batch_audio_logistic_model())
    results["train_churn_mlp"] = float(train_churn_mlp()[0])
    results["evaluate_nightly_stock_classifier"] = float(evaluate_nightly_stock_classifier())
    results["fit_regional_eeg_regressor"] = float(fit_regional_eeg_regressor())
    results["encode_pilot_loan_sequences"] = float(encode_pilot_loan_sequences())
    results["classify_sparse_eeg_images"] = float(classify_sparse_eeg_images())
    results["score_nightly_ecg_naive_bayes"] = float(score_nightly_ecg_naive_bayes())
    return results


def run_suite_51(results):
    results["compress_stream_user_signals"] = float(compress_stream_user_signals())
    results["forecast_nightly_audio_series"] = float(forecast_nightly_audio_series())
    results["train_nightly_protein_image_network"] = float(train_nightly_protein_image_network())
    results["run_legacy_wind_dense_network"] = float(run_legacy_wind_dense_network())
    results["cluster_regional_sensor_readings"] = float(cluster_regional_sensor_readings())
    results["score_sparse_claim_naive_bayes"] = float(score_sparse_claim_naive_bayes())
    results["train_solar_mlp"] = float(train_solar_mlp()[0])
    results["fit_pilot_wind_regressor"] = float(fit_pilot_wind_regressor())
    return results


def run_suite_52(results):
    results["train_sparse_query_image_network"] = float(train_sparse_query_image_network())
    results["train_regional_traffic_text_classifier"] = float(train_regional_traffic_text_classifier())
    results["reduce_legacy_video_features"] = float(reduce_legacy_video_features())
    results["classify_regional_packet_images"] = float(classify_regional_packet_images())
    results["evaluate_sparse_advert_classifier"] = float(evaluate_sparse_advert_classifier())
    results["encode_legacy_molecule_sequences"] = float(encode_legacy_molecule_sequences())
    results["train_hourly_pixel_logistic_model"] = float(train_hourly_pixel_logistic_model())
    results["cluster_hourly_wind_readings"] = float(cluster_hourly_wind_readings())
    return results


def run_suite_53(results):
    results["fit_legacy_engine_softmax_regression"] = float(fit_legacy_engine_softmax_regression())
    results["forecast_batch_user_series"] = float(forecast_batch_user_series())
    results["compress_holdout_session_signals"] = float(compress_holdout_session_signals())
    results["run_hourly_stock_dense_network"] = float(run_hourly_stock_dense_network())
    results["fit_daily_ecg_softmax_regression"] = float(fit_daily_ecg_softmax_regression())
    results["evaluate_hourly_soil_classifier"] = float(evaluate_hourly_soil_classifier())
    results["train_batch_loan_logistic_model"] = float(train_batch_loan_logistic_model())
    results["fit_stream_document_regressor"] = float(fit_stream_document_regressor())
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
    run_suite_9(results)
    run_suite_10(results)
    run_suite_11(results)
    run_suite_12(results)
    run_suite_13(results)
    run_suite_14(results)
    run_suite_15(results)
    run_suite_16(results)
    run_suite_17(results)
    run_suite_18(results)
    run_suite_19(results)
    run_suite_20(results)
    run_suite_21(results)
    run_suite_22(results)
    run_suite_23(results)
    run_suite_24(results)
    run_suite_25(results)
    run_suite_26(results)
    run_suite_27(results)
    run_suite_28(results)
    run_suite_29(results)
    run_suite_30(results)
    run_suite_31(results)
    run_suite_32(results)
    run_suite_33(results)
    run_suite_34(results)
    run_suite_35(results)
    run_suite_36(results)
    run_suite_37(results)
    run_suite_38(results)
    run_suite_39(results)
    run_suite_40(results)
    run_suite_41(results)
    run_suite_42(results)
    run_suite_43(results)
    run_suite_44(results)
    run_suite_45(results)
    run_suite_46(results)
    run_suite_47(results)
    run_suite_48(results)
    run_suite_49(results)
    run_suite_50(results)
    run_suite_51(results)
    run_suite_52(results)
    run_suite_53(results)
    for label, score in results.items():
        print(f"{label:<48s} {score:12.5f}")
    return results


if __name__ == "__main__":
    main()
