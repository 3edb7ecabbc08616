# %%
"""Notebook exported as a script: NumPy experiments in cells.

Benchmark corpus for tensorls, composed by benchmarks/make_corpus.py from realistic NumPy building
blocks (seed 3002). Every experiment runs end to end on synthetic data: python benchmarks/corpus/notebook_medium.py
"""

import math

import numpy as np

SEED = 3002
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


# %% [markdown]
# ## forecast holdout credit series
#
# Model code first, then the experiment.

# %%
class HoldoutCreditRecurrentCell:
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


# %%
steps = 30
rng = np.random.default_rng(SEED + 101)
time = np.arange(steps + 1) * 0.2
phases = rng.uniform(0.0, 2 * math.pi, size=(4, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((4, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = HoldoutCreditRecurrentCell(2, 24, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_holdout_credit_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))
results["forecast_holdout_credit_series"]


# %% [markdown]
# ## evaluate clean speech classifier
#
# Model code first, then the experiment.

# %%
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


# %%
num_classes = 3
rng = np.random.default_rng(SEED + 108)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 2.0
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = clean_speech_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = clean_speech_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = clean_speech_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_clean_speech_classifier"] = float(macro_f1 + auc - gap - 0.1 * clean_speech_log_loss(probs, actual))
results["evaluate_clean_speech_classifier"]


# %% [markdown]
# ## train regional traffic mlp
#
# Model code first, then the experiment.

# %%
class RegionalTrafficMLP:
    """A 1-hidden-layer perceptron for the regional_traffic task."""

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


# %%
epochs = 3
learning_rate = 0.05
rng = np.random.default_rng(SEED + 115)
features, labels = make_blobs(160, 16, 3, 0.8, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = RegionalTrafficMLP([16, 48, 3], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 3))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 3)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_regional_traffic_mlp"] = float(((test_accuracy, history))[0])
results["train_regional_traffic_mlp"]


# %% [markdown]
# ## cluster holdout video readings
#
# Model code first, then the experiment.

# %%
class HoldoutVideoKMeans:
    """Lloyd's algorithm over 3-dimensional holdout_video readings."""

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


# %%
n_clusters = 6
rng = np.random.default_rng(SEED + 122)
points, _ = make_blobs(300, 3, n_clusters, 0.6, rng)
model = HoldoutVideoKMeans(n_clusters).fit(points, rng)
results["cluster_holdout_video_readings"] = float(model.inertia(points) / points.shape[0])
results["cluster_holdout_video_readings"]


# %% [markdown]
# ## train mobile sensor image network
#
# Model code first, then the experiment.

# %%
class MobileSensorBatchLoader:
    """Yields shuffled, augmented minibatches of 3x8x8 mobile_sensor images."""

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


def mobile_sensor_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# %%
epochs = 2
learning_rate = 0.05
rng = np.random.default_rng(SEED + 129)
images = rng.normal(0.5, 0.2, size=(64, 3, 8, 8))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = mobile_sensor_channel_statistics(images)
loader = MobileSensorBatchLoader((images - mean) / std, labels, 16)
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
results["train_mobile_sensor_image_network"] = float(float(np.mean(losses[-len(loader):])))
results["train_mobile_sensor_image_network"]


# %% [markdown]
# ## encode daily credit sequences
#
# Model code first, then the experiment.

# %%
def daily_credit_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class DailyCreditMultiHeadAttention:
    """Self-attention with 4 heads over 16-dimensional daily_credit embeddings."""

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
        context, weights = daily_credit_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def daily_credit_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def daily_credit_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# %%
batch_size = 4
length = 6
model_dim = 16
rng = np.random.default_rng(SEED + 136)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = DailyCreditMultiHeadAttention(model_dim, 4, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 4, length, length))
for _ in range(1):
    attended, weights = attention(hidden)
    hidden = daily_credit_layer_norm(hidden + attended, gamma, beta)
    hidden = daily_credit_layer_norm(hidden + daily_credit_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_daily_credit_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))
results["encode_daily_credit_sequences"]


# %% [markdown]
# ## fit weekly protein softmax regression
#
# Model code first, then the experiment.

# %%
def weekly_protein_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def weekly_protein_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# %%
iterations = 50
step_size = 0.5
l2 = 0.001
rng = np.random.default_rng(SEED + 143)
features, labels = make_blobs(180, 4, 3, 0.7, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 3)
weights = np.zeros((4, 3))
bias = np.zeros(3)
losses = []
for iteration in range(iterations):
    loss, probs = weekly_protein_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = weekly_protein_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_weekly_protein_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])
results["fit_weekly_protein_softmax_regression"]


# %% [markdown]
# ## run sparse seismic dense network
#
# Model code first, then the experiment.

# %%
class SparseSeismicBatchNorm:
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


def sparse_seismic_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# %%
steps = 5
rng = np.random.default_rng(SEED + 150)
inputs = rng.normal(1.0, 2.0, size=(128, 16))
w_hidden = rng.normal(0.0, 0.2, size=(16, 64))
w_out = rng.normal(0.0, 0.2, size=(64, 4))
norm = SparseSeismicBatchNorm(64)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = sparse_seismic_dropout(hidden, 0.5, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_sparse_seismic_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))
results["run_sparse_seismic_dense_network"]


# %% [markdown]
# ## train nightly click logistic model
#
# Model code first, then the experiment.

# %%
def nightly_click_cosine_schedule(step, total_steps, base_rate, warmup=3):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class NightlyClickEarlyStopping:
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


def nightly_click_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# %%
total_steps = 40
base_rate = 0.2
rng = np.random.default_rng(SEED + 157)
features = rng.normal(size=(300, 10))
direction = rng.normal(size=10)
labels = (features @ direction + 0.3 * rng.normal(size=300) > 0).astype(np.float64)
split = 225
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(10)
stopper = NightlyClickEarlyStopping()
for step in range(total_steps):
    rate = nightly_click_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(nightly_click_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_nightly_click_logistic_model"] = float(stopper.best)
results["train_nightly_click_logistic_model"]


# %% [markdown]
# ## reduce protein features
#
# Model code first, then the experiment.

# %%
def protein_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def protein_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# %%
n_components = 2
rng = np.random.default_rng(SEED + 164)
latent = rng.normal(size=(100, 2))
mixing = rng.normal(size=(2, 8))
data = latent @ mixing + 0.05 * rng.normal(size=(100, 8))
components, explained = protein_principal_components(data, n_components)
projected, reconstruction = protein_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_protein_features"] = float(float(explained.sum()) - error - agreement)
results["reduce_protein_features"]


# %% [markdown]
# ## train regional inventory text classifier
#
# Model code first, then the experiment.

# %%
def regional_inventory_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def regional_inventory_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# %%
epochs = 5
learning_rate = 0.5
rng = np.random.default_rng(SEED + 171)
vocab_size, embed_dim, num_classes = 500, 16, 2
token_ids = regional_inventory_pad_sequences(rng.integers(1, vocab_size, size=(128, 8)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = regional_inventory_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_regional_inventory_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))
results["train_regional_inventory_text_classifier"]


# %% [markdown]
# ## classify clean eeg images
#
# Model code first, then the experiment.

# %%
def clean_eeg_im2col(images, kernel, stride, padding):
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


class CleanEegConv2D:
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
        columns, out_h, out_w = clean_eeg_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def clean_eeg_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# %%
batch_size = 2
rng = np.random.default_rng(SEED + 178)
images = rng.normal(size=(batch_size, 1, 8, 8))
conv1 = CleanEegConv2D(1, 8, 3, 1, 1, rng)
conv2 = CleanEegConv2D(8, 12, 3, 1, 1, rng)
hidden = clean_eeg_max_pool(relu(conv1(images)), 2)
hidden = clean_eeg_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 5))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 5, size=batch_size)
results["classify_clean_eeg_images"] = float(cross_entropy(probs, one_hot(labels, 5)))
results["classify_clean_eeg_images"]


# %% [markdown]
# ## compress sparse radar signals
#
# Model code first, then the experiment.

# %%
class SparseRadarTiedAutoencoder:
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


# %%
epochs = 20
learning_rate = 0.2
rng = np.random.default_rng(SEED + 185)
basis = rng.normal(size=(3, 16))
signals = sigmoid(rng.normal(size=(200, 3))) @ basis
model = SparseRadarTiedAutoencoder(16, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_sparse_radar_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))
results["compress_sparse_radar_signals"]


# %% [markdown]
# ## score weekly credit naive bayes
#
# Model code first, then the experiment.

# %%
class WeeklyCreditGaussianNaiveBayes:
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


# %%
num_classes = 3
rng = np.random.default_rng(SEED + 192)
features, labels = make_blobs(300, 2, num_classes, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = WeeklyCreditGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_weekly_credit_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))
results["score_weekly_credit_naive_bayes"]


# %% [markdown]
# ## fit daily vibration regressor
#
# Model code first, then the experiment.

# %%
class DailyVibrationRMSProp:
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


def daily_vibration_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# %%
epochs = 20
rng = np.random.default_rng(SEED + 199)
features = rng.normal(size=(128, 8))
true_weights = rng.normal(size=(8, 1))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 1))
weights = np.zeros((8, 1))
bias = np.zeros(1)
optimizer = DailyVibrationRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = daily_vibration_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(8)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_daily_vibration_regressor"] = float(mse + gap)
results["fit_daily_vibration_regressor"]


# %% [markdown]
# ## evaluate sparse sales classifier
#
# Model code first, then the experiment.

# %%
def sparse_sales_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def sparse_sales_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def sparse_sales_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def sparse_sales_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# %%
num_classes = 3
rng = np.random.default_rng(SEED + 206)
actual = rng.integers(0, num_classes, size=250)
logits = rng.normal(size=(250, num_classes))
logits[np.arange(250), actual] += 1.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = sparse_sales_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = sparse_sales_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = sparse_sales_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_sparse_sales_classifier"] = float(macro_f1 + auc - gap - 0.1 * sparse_sales_log_loss(probs, actual))
results["evaluate_sparse_sales_classifier"]


# %% [markdown]
# ## forecast pilot traffic series
#
# Model code first, then the experiment.

# %%
class PilotTrafficRecurrentCell:
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


# %%
steps = 12
rng = np.random.default_rng(SEED + 213)
time = np.arange(steps + 1) * 0.3
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = PilotTrafficRecurrentCell(2, 16, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_pilot_traffic_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))
results["forecast_pilot_traffic_series"]


# %% [markdown]
# ## encode batch invoice sequences
#
# Model code first, then the experiment.

# %%
def batch_invoice_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class BatchInvoiceMultiHeadAttention:
    """Self-attention with 2 heads over 8-dimensional batch_invoice embeddings."""

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
        context, weights = batch_invoice_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def batch_invoice_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def batch_invoice_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# %%
batch_size = 4
length = 10
model_dim = 8
rng = np.random.default_rng(SEED + 220)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = BatchInvoiceMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 16))
w_out = rng.normal(0.0, 0.1, size=(16, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = batch_invoice_layer_norm(hidden + attended, gamma, beta)
    hidden = batch_invoice_layer_norm(hidden + batch_invoice_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_batch_invoice_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))
results["encode_batch_invoice_sequences"]


# %% [markdown]
# ## train mobile protein mlp
#
# Model code first, then the experiment.

# %%
class MobileProteinMLP:
    """A 2-hidden-layer perceptron for the mobile_protein task."""

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


# %%
epochs = 4
learning_rate = 0.2
rng = np.random.default_rng(SEED + 227)
features, labels = make_blobs(200, 32, 4, 0.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = MobileProteinMLP([32, 64, 32, 4], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 4))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 4)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_mobile_protein_mlp"] = float(((test_accuracy, history))[0])
results["train_mobile_protein_mlp"]


# %% [markdown]
# ## train query logistic model
#
# Model code first, then the experiment.

# %%
def query_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class QueryEarlyStopping:
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


def query_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# %%
total_steps = 40
base_rate = 1.0
rng = np.random.default_rng(SEED + 234)
features = rng.normal(size=(200, 5))
direction = rng.normal(size=5)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(5)
stopper = QueryEarlyStopping()
for step in range(total_steps):
    rate = query_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(query_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_query_logistic_model"] = float(stopper.best)
results["train_query_logistic_model"]


# %% [markdown]
# ## run mobile flight dense network
#
# Model code first, then the experiment.

# %%
class MobileFlightBatchNorm:
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


def mobile_flight_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# %%
steps = 10
rng = np.random.default_rng(SEED + 241)
inputs = rng.normal(1.0, 2.0, size=(256, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 48))
w_out = rng.normal(0.0, 0.2, size=(48, 1))
norm = MobileFlightBatchNorm(48)
for step in range(steps):
    batch = inputs[rng.integers(0, 256, size=16)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = mobile_flight_dropout(hidden, 0.1, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_mobile_flight_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))
results["run_mobile_flight_dense_network"]


# %% [markdown]
# ## compress weekly inventory signals
#
# Model code first, then the experiment.

# %%
class WeeklyInventoryTiedAutoencoder:
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


# %%
epochs = 20
learning_rate = 0.05
rng = np.random.default_rng(SEED + 248)
basis = rng.normal(size=(4, 20))
signals = sigmoid(rng.normal(size=(200, 4))) @ basis
model = WeeklyInventoryTiedAutoencoder(20, 4, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_weekly_inventory_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))
results["compress_weekly_inventory_signals"]


# %% [markdown]
# ## reduce hourly wind features
#
# Model code first, then the experiment.

# %%
def hourly_wind_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def hourly_wind_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# %%
n_components = 3
rng = np.random.default_rng(SEED + 255)
latent = rng.normal(size=(150, 3))
mixing = rng.normal(size=(3, 12))
data = latent @ mixing + 0.1 * rng.normal(size=(150, 12))
components, explained = hourly_wind_principal_components(data, n_components)
projected, reconstruction = hourly_wind_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_hourly_wind_features"] = float(float(explained.sum()) - error - agreement)
results["reduce_hourly_wind_features"]


# %% [markdown]
# ## cluster dense pixel readings
#
# Model code first, then the experiment.

# %%
class DensePixelKMeans:
    """Lloyd's algorithm over 8-dimensional dense_pixel readings."""

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


# %%
n_clusters = 6
rng = np.random.default_rng(SEED + 262)
points, _ = make_blobs(300, 8, n_clusters, 0.9, rng)
model = DensePixelKMeans(n_clusters).fit(points, rng)
results["cluster_dense_pixel_readings"] = float(model.inertia(points) / points.shape[0])
results["cluster_dense_pixel_readings"]


# %% [markdown]
# ## train daily traffic text classifier
#
# Model code first, then the experiment.

# %%
def daily_traffic_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def daily_traffic_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# %%
epochs = 5
learning_rate = 1.0
rng = np.random.default_rng(SEED + 269)
vocab_size, embed_dim, num_classes = 500, 16, 2
token_ids = daily_traffic_pad_sequences(rng.integers(1, vocab_size, size=(200, 20)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = daily_traffic_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_daily_traffic_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))
results["train_daily_traffic_text_classifier"]


# %% [markdown]
# ## train stream soil image network
#
# Model code first, then the experiment.

# %%
class StreamSoilBatchLoader:
    """Yields shuffled, augmented minibatches of 1x6x6 stream_soil images."""

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


def stream_soil_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# %%
epochs = 3
learning_rate = 0.1
rng = np.random.default_rng(SEED + 276)
images = rng.normal(0.5, 0.2, size=(64, 1, 6, 6))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = stream_soil_channel_statistics(images)
loader = StreamSoilBatchLoader((images - mean) / std, labels, 16)
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
results["train_stream_soil_image_network"] = float(float(np.mean(losses[-len(loader):])))
results["train_stream_soil_image_network"]


# %% [markdown]
# ## score clean turbine naive bayes
#
# Model code first, then the experiment.

# %%
class CleanTurbineGaussianNaiveBayes:
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


# %%
num_classes = 4
rng = np.random.default_rng(SEED + 283)
features, labels = make_blobs(240, 6, num_classes, 1.5, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = CleanTurbineGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_clean_turbine_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))
results["score_clean_turbine_naive_bayes"]


# %% [markdown]
# ## fit sparse sensor softmax regression
#
# Model code first, then the experiment.

# %%
def sparse_sensor_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def sparse_sensor_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# %%
iterations = 30
step_size = 0.1
l2 = 0.0001
rng = np.random.default_rng(SEED + 290)
features, labels = make_blobs(240, 4, 4, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 4)
weights = np.zeros((4, 4))
bias = np.zeros(4)
losses = []
for iteration in range(iterations):
    loss, probs = sparse_sensor_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = sparse_sensor_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_sparse_sensor_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])
results["fit_sparse_sensor_softmax_regression"]


# %% [markdown]
# ## fit clean radar regressor
#
# Model code first, then the experiment.

# %%
class CleanRadarRMSProp:
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


def clean_radar_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# %%
epochs = 60
rng = np.random.default_rng(SEED + 297)
features = rng.normal(size=(64, 16))
true_weights = rng.normal(size=(16, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(64, 2))
weights = np.zeros((16, 2))
bias = np.zeros(2)
optimizer = CleanRadarRMSProp([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = clean_radar_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 0.01 * np.eye(16)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_clean_radar_regressor"] = float(mse + gap)
results["fit_clean_radar_regressor"]


# %% [markdown]
# ## classify genome images
#
# Model code first, then the experiment.

# %%
def genome_im2col(images, kernel, stride, padding):
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


class GenomeConv2D:
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
        columns, out_h, out_w = genome_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def genome_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# %%
batch_size = 4
rng = np.random.default_rng(SEED + 304)
images = rng.normal(size=(batch_size, 3, 8, 8))
conv1 = GenomeConv2D(3, 8, 3, 1, 1, rng)
conv2 = GenomeConv2D(8, 8, 3, 1, 1, rng)
hidden = genome_max_pool(relu(conv1(images)), 2)
hidden = genome_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 10, size=batch_size)
results["classify_genome_images"] = float(cross_entropy(probs, one_hot(labels, 10)))
results["classify_genome_images"]


# %% [markdown]
# ## run mobile satellite dense network
#
# Model code first, then the experiment.

# %%
class MobileSatelliteBatchNorm:
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


def mobile_satellite_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# %%
steps = 20
rng = np.random.default_rng(SEED + 311)
inputs = rng.normal(1.0, 2.0, size=(128, 10))
w_hidden = rng.normal(0.0, 0.2, size=(10, 48))
w_out = rng.normal(0.0, 0.2, size=(48, 8))
norm = MobileSatelliteBatchNorm(48)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = mobile_satellite_dropout(hidden, 0.2, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_mobile_satellite_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))
results["run_mobile_satellite_dense_network"]


# %% [markdown]
# ## score fraud naive bayes
#
# Model code first, then the experiment.

# %%
class FraudGaussianNaiveBayes:
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


# %%
num_classes = 3
rng = np.random.default_rng(SEED + 318)
features, labels = make_blobs(300, 6, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = FraudGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_fraud_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))
results["score_fraud_naive_bayes"]


# %% [markdown]
# ## fit nightly product softmax regression
#
# Model code first, then the experiment.

# %%
def nightly_product_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def nightly_product_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# %%
iterations = 50
step_size = 0.1
l2 = 0.001
rng = np.random.default_rng(SEED + 325)
features, labels = make_blobs(180, 6, 5, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((6, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = nightly_product_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = nightly_product_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 5 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_nightly_product_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])
results["fit_nightly_product_softmax_regression"]


# %% [markdown]
# ## cluster weekly document readings
#
# Model code first, then the experiment.

# %%
class WeeklyDocumentKMeans:
    """Lloyd's algorithm over 5-dimensional weekly_document readings."""

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


# %%
n_clusters = 4
rng = np.random.default_rng(SEED + 332)
points, _ = make_blobs(120, 5, n_clusters, 0.4, rng)
model = WeeklyDocumentKMeans(n_clusters).fit(points, rng)
results["cluster_weekly_document_readings"] = float(model.inertia(points) / points.shape[0])
results["cluster_weekly_document_readings"]


# %% [markdown]
# ## train sparse pixel logistic model
#
# Model code first, then the experiment.

# %%
def sparse_pixel_cosine_schedule(step, total_steps, base_rate, warmup=10):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class SparsePixelEarlyStopping:
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


def sparse_pixel_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# %%
total_steps = 100
base_rate = 1.0
rng = np.random.default_rng(SEED + 339)
features = rng.normal(size=(400, 10))
direction = rng.normal(size=10)
labels = (features @ direction + 0.3 * rng.normal(size=400) > 0).astype(np.float64)
split = 300
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(10)
stopper = SparsePixelEarlyStopping()
for step in range(total_steps):
    rate = sparse_pixel_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(sparse_pixel_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_sparse_pixel_logistic_model"] = float(stopper.best)
results["train_sparse_pixel_logistic_model"]


# %% [markdown]
# ## compress galaxy signals
#
# Model code first, then the experiment.

# %%
class GalaxyTiedAutoencoder:
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


# %%
epochs = 50
learning_rate = 0.2
rng = np.random.default_rng(SEED + 346)
basis = rng.normal(size=(3, 12))
signals = sigmoid(rng.normal(size=(200, 3))) @ basis
model = GalaxyTiedAutoencoder(12, 3, rng)
losses = [model.train_step(signals, learning_rate) for _ in range(epochs)]
codes = model.encode(signals)
results["compress_galaxy_signals"] = float(losses[-1] + float(codes.var(axis=0).sum()))
results["compress_galaxy_signals"]


# %% [markdown]
# ## train dense stock image network
#
# Model code first, then the experiment.

# %%
class DenseStockBatchLoader:
    """Yields shuffled, augmented minibatches of 1x6x6 dense_stock images."""

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


def dense_stock_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# %%
epochs = 2
learning_rate = 0.01
rng = np.random.default_rng(SEED + 353)
images = rng.normal(0.5, 0.2, size=(128, 1, 6, 6))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = dense_stock_channel_statistics(images)
loader = DenseStockBatchLoader((images - mean) / std, labels, 32)
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
results["train_dense_stock_image_network"] = float(float(np.mean(losses[-len(loader):])))
results["train_dense_stock_image_network"]


# %% [markdown]
# ## encode review sequences
#
# Model code first, then the experiment.

# %%
def review_scaled_dot_product_attention(queries, keys, values, mask=None):
    depth = queries.shape[-1]
    scores = queries @ np.swapaxes(keys, -1, -2) / math.sqrt(depth)
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    weights = softmax(scores, axis=-1)
    return weights @ values, weights


class ReviewMultiHeadAttention:
    """Self-attention with 2 heads over 16-dimensional review embeddings."""

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
        context, weights = review_scaled_dot_product_attention(q, k, v, mask)
        return self.merge_heads(context) @ self.w_output, weights


def review_layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def review_feed_forward(x, w_in, w_out):
    return relu(x @ w_in) @ w_out


# %%
batch_size = 4
length = 10
model_dim = 16
rng = np.random.default_rng(SEED + 360)
tokens = rng.normal(size=(batch_size, length, model_dim))
attention = ReviewMultiHeadAttention(model_dim, 2, rng)
w_in = rng.normal(0.0, 0.1, size=(model_dim, 32))
w_out = rng.normal(0.0, 0.1, size=(32, model_dim))
gamma = np.ones(model_dim)
beta = np.zeros(model_dim)
hidden = tokens
weights = np.zeros((batch_size, 2, length, length))
for _ in range(2):
    attended, weights = attention(hidden)
    hidden = review_layer_norm(hidden + attended, gamma, beta)
    hidden = review_layer_norm(hidden + review_feed_forward(hidden, w_in, w_out), gamma, beta)
pooled = hidden.mean(axis=1)
results["encode_review_sequences"] = float(float(np.linalg.norm(pooled) / batch_size) + float(weights.max()))
results["encode_review_sequences"]


# %% [markdown]
# ## train noisy engine text classifier
#
# Model code first, then the experiment.

# %%
def noisy_engine_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def noisy_engine_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# %%
epochs = 10
learning_rate = 1.0
rng = np.random.default_rng(SEED + 367)
vocab_size, embed_dim, num_classes = 50, 32, 2
token_ids = noisy_engine_pad_sequences(rng.integers(1, vocab_size, size=(128, 20)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = noisy_engine_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_noisy_engine_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))
results["train_noisy_engine_text_classifier"]


# %% [markdown]
# ## reduce regional soil features
#
# Model code first, then the experiment.

# %%
def regional_soil_principal_components(data, n_components):
    centered = data - data.mean(axis=0)
    covariance = centered.T @ centered / (data.shape[0] - 1)
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    order = np.argsort(eigenvalues)[::-1]
    eigenvalues = eigenvalues[order]
    eigenvectors = eigenvectors[:, order]
    components = eigenvectors[:, :n_components]
    explained = eigenvalues[:n_components] / eigenvalues.sum()
    return components, explained


def regional_soil_svd_projection(data, n_components):
    mean = data.mean(axis=0)
    u, s, vt = np.linalg.svd(data - mean, full_matrices=False)
    projected = u[:, :n_components] * s[:n_components]
    reconstruction = projected @ vt[:n_components] + mean
    return projected, reconstruction


# %%
n_components = 3
rng = np.random.default_rng(SEED + 374)
latent = rng.normal(size=(200, 3))
mixing = rng.normal(size=(3, 12))
data = latent @ mixing + 0.05 * rng.normal(size=(200, 12))
components, explained = regional_soil_principal_components(data, n_components)
projected, reconstruction = regional_soil_svd_projection(data, n_components)
scores = (data - data.mean(axis=0)) @ components
error = float(np.mean((data - reconstruction) ** 2))
agreement = float(np.abs(np.abs(scores) - np.abs(projected)).max())
results["reduce_regional_soil_features"] = float(float(explained.sum()) - error - agreement)
results["reduce_regional_soil_features"]


# %% [markdown]
# ## fit weekly server regressor
#
# Model code first, then the experiment.

# %%
class WeeklyServerAdam:
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


def weekly_server_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# %%
epochs = 60
rng = np.random.default_rng(SEED + 381)
features = rng.normal(size=(128, 16))
true_weights = rng.normal(size=(16, 1))
targets = features @ true_weights + 0.1 * rng.normal(size=(128, 1))
weights = np.zeros((16, 1))
bias = np.zeros(1)
optimizer = WeeklyServerAdam([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = weekly_server_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(16)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_weekly_server_regressor"] = float(mse + gap)
results["fit_weekly_server_regressor"]


# %% [markdown]
# ## classify weekly sensor images
#
# Model code first, then the experiment.

# %%
def weekly_sensor_im2col(images, kernel, stride, padding):
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


class WeeklySensorConv2D:
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
        columns, out_h, out_w = weekly_sensor_im2col(images, self.kernel, self.stride, self.padding)
        flat_filters = self.filters.reshape(self.out_channels, -1)
        output = columns @ flat_filters.T + self.bias
        return output.reshape(batch, out_h, out_w, self.out_channels).transpose(0, 3, 1, 2)


def weekly_sensor_max_pool(images, size):
    batch, channels, height, width = images.shape
    trimmed = images[:, :, : height - height % size, : width - width % size]
    blocks = trimmed.reshape(batch, channels, height // size, size, width // size, size)
    return blocks.max(axis=(3, 5))


# %%
batch_size = 6
rng = np.random.default_rng(SEED + 388)
images = rng.normal(size=(batch_size, 1, 16, 16))
conv1 = WeeklySensorConv2D(1, 4, 3, 1, 1, rng)
conv2 = WeeklySensorConv2D(4, 8, 3, 1, 1, rng)
hidden = weekly_sensor_max_pool(relu(conv1(images)), 2)
hidden = weekly_sensor_max_pool(relu(conv2(hidden)), 2)
flat = hidden.reshape(batch_size, -1)
classifier = rng.normal(0.0, 0.1, size=(flat.shape[1], 10))
probs = softmax(flat @ classifier)
labels = rng.integers(0, 10, size=batch_size)
results["classify_weekly_sensor_images"] = float(cross_entropy(probs, one_hot(labels, 10)))
results["classify_weekly_sensor_images"]


# %% [markdown]
# ## evaluate dense rainfall classifier
#
# Model code first, then the experiment.

# %%
def dense_rainfall_confusion_matrix(predicted, actual, num_classes):
    matrix = np.zeros((num_classes, num_classes), dtype=np.int64)
    np.add.at(matrix, (actual, predicted), 1)
    return matrix


def dense_rainfall_precision_recall_f1(matrix):
    true_positive = np.diag(matrix).astype(np.float64)
    predicted_positive = matrix.sum(axis=0)
    actual_positive = matrix.sum(axis=1)
    precision = true_positive / np.maximum(predicted_positive, 1)
    recall = true_positive / np.maximum(actual_positive, 1)
    f1 = 2 * precision * recall / np.maximum(precision + recall, 1e-12)
    return precision, recall, f1


def dense_rainfall_roc_auc(scores, positives):
    order = np.argsort(-scores)
    sorted_positive = positives[order]
    true_positive_rate = np.cumsum(sorted_positive) / max(float(sorted_positive.sum()), 1.0)
    false_positive_rate = np.cumsum(1 - sorted_positive) / max(float((1 - sorted_positive).sum()), 1.0)
    return float(np.trapezoid(true_positive_rate, false_positive_rate))


def dense_rainfall_log_loss(probs, actual):
    picked = probs[np.arange(actual.shape[0]), actual]
    return float(-np.mean(np.log(np.clip(picked, 1e-12, 1.0))))


# %%
num_classes = 2
rng = np.random.default_rng(SEED + 395)
actual = rng.integers(0, num_classes, size=400)
logits = rng.normal(size=(400, num_classes))
logits[np.arange(400), actual] += 0.5
probs = softmax(logits)
predicted = np.argmax(probs, axis=1)
matrix = dense_rainfall_confusion_matrix(predicted, actual, num_classes)
precision, recall, f1 = dense_rainfall_precision_recall_f1(matrix)
positives = (actual == 0).astype(np.float64)
auc = dense_rainfall_roc_auc(probs[:, 0], positives)
macro_f1 = float(f1.mean())
gap = float(np.abs(precision - recall).mean())
results["evaluate_dense_rainfall_classifier"] = float(macro_f1 + auc - gap - 0.1 * dense_rainfall_log_loss(probs, actual))
results["evaluate_dense_rainfall_classifier"]


# %% [markdown]
# ## train weekly genome mlp
#
# Model code first, then the experiment.

# %%
class WeeklyGenomeMLP:
    """A 1-hidden-layer perceptron for the weekly_genome task."""

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


# %%
epochs = 5
learning_rate = 0.1
rng = np.random.default_rng(SEED + 402)
features, labels = make_blobs(320, 12, 2, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = WeeklyGenomeMLP([12, 64, 2], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 16, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 2))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 2)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_weekly_genome_mlp"] = float(((test_accuracy, history))[0])
results["train_weekly_genome_mlp"]


# %% [markdown]
# ## forecast mobile rainfall series
#
# Model code first, then the experiment.

# %%
class MobileRainfallRecurrentCell:
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


# %%
steps = 20
rng = np.random.default_rng(SEED + 409)
time = np.arange(steps + 1) * 0.3
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = MobileRainfallRecurrentCell(2, 16, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 16), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_mobile_rainfall_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))
results["forecast_mobile_rainfall_series"]


# %% [markdown]
# ## forecast nightly solar series
#
# Model code first, then the experiment.

# %%
class NightlySolarRecurrentCell:
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


# %%
steps = 30
rng = np.random.default_rng(SEED + 416)
time = np.arange(steps + 1) * 0.3
phases = rng.uniform(0.0, 2 * math.pi, size=(8, 1))
signal = np.sin(time[None, :] + phases)[:, :, None]
inputs = np.concatenate([signal[:, :-1], np.ones((8, steps, 1))], axis=2)
targets = signal[:, 1:, 0]
cell = NightlySolarRecurrentCell(2, 24, rng)
outputs, final_state = cell.run(inputs)
readout = np.linalg.lstsq(outputs.reshape(-1, 24), targets.reshape(-1), rcond=None)[0]
predictions = outputs @ readout
mse = float(np.mean((predictions - targets) ** 2))
results["forecast_nightly_solar_series"] = float(mse + 0.01 * float(np.linalg.norm(final_state)))
results["forecast_nightly_solar_series"]


# %% [markdown]
# ## train noisy lidar mlp
#
# Model code first, then the experiment.

# %%
class NoisyLidarMLP:
    """A 2-hidden-layer perceptron for the noisy_lidar task."""

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


# %%
epochs = 5
learning_rate = 0.2
rng = np.random.default_rng(SEED + 423)
features, labels = make_blobs(160, 32, 6, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
model = NoisyLidarMLP([32, 24, 32, 6], rng)
history = []
for epoch in range(epochs):
    for x_batch, y_batch in iterate_minibatches(x_train, y_train, 64, rng):
        activations, pre_activations = model.forward(x_batch)
        grads_w, grads_b = model.backward(activations, pre_activations, one_hot(y_batch, 6))
        model.step(grads_w, grads_b, learning_rate)
    train_probs = model.predict_proba(x_train)
    history.append(cross_entropy(train_probs, one_hot(y_train, 6)))
test_accuracy = accuracy(model.predict_proba(x_test), y_test)
results["train_noisy_lidar_mlp"] = float(((test_accuracy, history))[0])
results["train_noisy_lidar_mlp"]


# %% [markdown]
# ## fit batch turbine softmax regression
#
# Model code first, then the experiment.

# %%
def batch_turbine_softmax_loss(weights, bias, features, targets, l2):
    probs = softmax(features @ weights + bias)
    data_loss = cross_entropy(probs, targets)
    reg_loss = 0.5 * l2 * float(np.sum(weights * weights))
    return data_loss + reg_loss, probs


def batch_turbine_softmax_gradients(probs, features, targets, weights, l2):
    batch = features.shape[0]
    error = (probs - targets) / batch
    grad_weights = features.T @ error + l2 * weights
    grad_bias = error.sum(axis=0)
    return grad_weights, grad_bias


# %%
iterations = 30
step_size = 0.5
l2 = 0.001
rng = np.random.default_rng(SEED + 430)
features, labels = make_blobs(180, 6, 5, 1.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.25, rng)
x_train, x_test = standardize(x_train, x_test)
targets = one_hot(y_train, 5)
weights = np.zeros((6, 5))
bias = np.zeros(5)
losses = []
for iteration in range(iterations):
    loss, probs = batch_turbine_softmax_loss(weights, bias, x_train, targets, l2)
    grad_weights, grad_bias = batch_turbine_softmax_gradients(probs, x_train, targets, weights, l2)
    weights = weights - step_size * grad_weights
    bias = bias - step_size * grad_bias
    if iteration % 10 == 0:
        losses.append(loss)
test_probs = softmax(x_test @ weights + bias)
results["fit_batch_turbine_softmax_regression"] = float(accuracy(test_probs, y_test) - 0.01 * losses[-1])
results["fit_batch_turbine_softmax_regression"]


# %% [markdown]
# ## fit daily crop regressor
#
# Model code first, then the experiment.

# %%
class DailyCropMomentumSGD:
    """Heavy-ball momentum over a list of parameter arrays."""

    def __init__(self, shapes, learning_rate=0.01, momentum=0.95):
        self.learning_rate = learning_rate
        self.momentum = momentum
        self.velocity = [np.zeros(shape) for shape in shapes]

    def update(self, params, grads):
        updated = []
        for index, (param, grad) in enumerate(zip(params, grads)):
            self.velocity[index] = self.momentum * self.velocity[index] - self.learning_rate * grad
            updated.append(param + self.velocity[index])
        return updated


def daily_crop_regression_gradients(weights, bias, features, targets):
    residual = features @ weights + bias - targets
    grad_weights = 2.0 * features.T @ residual / features.shape[0]
    grad_bias = 2.0 * residual.mean(axis=0)
    return float(np.mean(residual**2)), grad_weights, grad_bias


# %%
epochs = 60
rng = np.random.default_rng(SEED + 437)
features = rng.normal(size=(64, 12))
true_weights = rng.normal(size=(12, 2))
targets = features @ true_weights + 0.1 * rng.normal(size=(64, 2))
weights = np.zeros((12, 2))
bias = np.zeros(2)
optimizer = DailyCropMomentumSGD([weights.shape, bias.shape])
mse = math.inf
for epoch in range(epochs):
    mse, grad_weights, grad_bias = daily_crop_regression_gradients(weights, bias, features, targets)
    weights, bias = optimizer.update([weights, bias], [grad_weights, grad_bias])
gram = features.T @ features + 1.0 * np.eye(12)
closed_form = np.linalg.solve(gram, features.T @ targets)
gap = float(np.linalg.norm(weights - closed_form))
results["fit_daily_crop_regressor"] = float(mse + gap)
results["fit_daily_crop_regressor"]


# %% [markdown]
# ## run batch fraud dense network
#
# Model code first, then the experiment.

# %%
class BatchFraudBatchNorm:
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


def batch_fraud_dropout(x, rate, rng):
    keep = rng.random(x.shape) >= rate
    return x * keep / (1.0 - rate)


# %%
steps = 20
rng = np.random.default_rng(SEED + 444)
inputs = rng.normal(1.0, 2.0, size=(128, 24))
w_hidden = rng.normal(0.0, 0.2, size=(24, 32))
w_out = rng.normal(0.0, 0.2, size=(32, 8))
norm = BatchFraudBatchNorm(32)
for step in range(steps):
    batch = inputs[rng.integers(0, 128, size=32)]
    hidden = relu(norm(batch @ w_hidden, training=True))
    hidden = batch_fraud_dropout(hidden, 0.1, rng)
    _ = hidden @ w_out
evaluation = relu(norm(inputs @ w_hidden, training=False)) @ w_out
results["run_batch_fraud_dense_network"] = float(float(evaluation.std()) + float(norm.running_var.mean()))
results["run_batch_fraud_dense_network"]


# %% [markdown]
# ## score hourly patient naive bayes
#
# Model code first, then the experiment.

# %%
class HourlyPatientGaussianNaiveBayes:
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


# %%
num_classes = 4
rng = np.random.default_rng(SEED + 451)
features, labels = make_blobs(240, 9, num_classes, 2.0, rng)
x_train, x_test, y_train, y_test = train_test_split(features, labels, 0.3, rng)
model = HourlyPatientGaussianNaiveBayes(num_classes).fit(x_train, y_train)
results["score_hourly_patient_naive_bayes"] = float(float(np.mean(model.predict(x_test) == y_test)))
results["score_hourly_patient_naive_bayes"]


# %% [markdown]
# ## train stream pixel text classifier
#
# Model code first, then the experiment.

# %%
def stream_pixel_bag_of_embeddings(token_ids, embeddings, pad_id=0):
    vectors = embeddings[token_ids]
    mask = (token_ids != pad_id)[:, :, None]
    lengths = np.maximum(mask.sum(axis=1), 1)
    return (vectors * mask).sum(axis=1) / lengths


def stream_pixel_pad_sequences(token_ids, rng):
    padding = rng.integers(0, 2, size=token_ids.shape).astype(bool)
    padding &= np.arange(token_ids.shape[1])[None, :] >= token_ids.shape[1] // 2
    return np.where(padding, 0, token_ids)


# %%
epochs = 5
learning_rate = 2.0
rng = np.random.default_rng(SEED + 458)
vocab_size, embed_dim, num_classes = 100, 32, 2
token_ids = stream_pixel_pad_sequences(rng.integers(1, vocab_size, size=(128, 12)), rng)
labels = token_ids[:, 0] % num_classes
embeddings = rng.normal(0.0, 0.1, size=(vocab_size, embed_dim))
weights = np.zeros((embed_dim, num_classes))
pooled = stream_pixel_bag_of_embeddings(token_ids, embeddings)
for epoch in range(epochs):
    probs = softmax(pooled @ weights)
    error = (probs - one_hot(labels, num_classes)) / token_ids.shape[0]
    weights -= learning_rate * pooled.T @ error
results["train_stream_pixel_text_classifier"] = float(accuracy(softmax(pooled @ weights), labels))
results["train_stream_pixel_text_classifier"]


# %% [markdown]
# ## cluster mobile loan readings
#
# Model code first, then the experiment.

# %%
class MobileLoanKMeans:
    """Lloyd's algorithm over 5-dimensional mobile_loan readings."""

    def __init__(self, n_clusters, max_iterations=10, tolerance=1e-3):
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


# %%
n_clusters = 4
rng = np.random.default_rng(SEED + 465)
points, _ = make_blobs(200, 5, n_clusters, 0.6, rng)
model = MobileLoanKMeans(n_clusters).fit(points, rng)
results["cluster_mobile_loan_readings"] = float(model.inertia(points) / points.shape[0])
results["cluster_mobile_loan_readings"]


# %% [markdown]
# ## train sparse retail logistic model
#
# Model code first, then the experiment.

# %%
def sparse_retail_cosine_schedule(step, total_steps, base_rate, warmup=5):
    if step < warmup:
        return base_rate * (step + 1) / warmup
    progress = (step - warmup) / max(1, total_steps - warmup)
    return 0.5 * base_rate * (1.0 + math.cos(math.pi * progress))


class SparseRetailEarlyStopping:
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


def sparse_retail_binary_log_loss(probs, labels):
    clipped = np.clip(probs, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(labels * np.log(clipped) + (1.0 - labels) * np.log(1.0 - clipped)))


# %%
total_steps = 60
base_rate = 1.0
rng = np.random.default_rng(SEED + 472)
features = rng.normal(size=(200, 20))
direction = rng.normal(size=20)
labels = (features @ direction + 0.3 * rng.normal(size=200) > 0).astype(np.float64)
split = 150
x_train, x_valid = features[:split], features[split:]
y_train, y_valid = labels[:split], labels[split:]
weights = np.zeros(20)
stopper = SparseRetailEarlyStopping()
for step in range(total_steps):
    rate = sparse_retail_cosine_schedule(step, total_steps, base_rate)
    probs = sigmoid(x_train @ weights)
    gradient = x_train.T @ (probs - y_train) / split
    weights -= rate * gradient
    if stopper.should_stop(sparse_retail_binary_log_loss(sigmoid(x_valid @ weights), y_valid)):
        break
results["train_sparse_retail_logistic_model"] = float(stopper.best)
results["train_sparse_retail_logistic_model"]


# %% [markdown]
# ## train nightly fraud image network
#
# Model code first, then the experiment.

# %%
class NightlyFraudBatchLoader:
    """Yields shuffled, augmented minibatches of 1x6x6 nightly_fraud images."""

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


def nightly_fraud_channel_statistics(images):
    mean = images.mean(axis=(0, 2, 3), keepdims=True)
    std = images.std(axis=(0, 2, 3), keepdims=True) + 1e-6
    return mean, std


# %%
epochs = 4
learning_rate = 0.05
rng = np.random.default_rng(SEED + 479)
images = rng.normal(0.5, 0.2, size=(96, 1, 6, 6))
labels = (images.mean(axis=(1, 2, 3)) > 0.5).astype(np.int64)
mean, std = nightly_fraud_channel_statistics(images)
loader = NightlyFraudBatchLoader((images - mean) / std, labels, 32)
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
results["train_nightly_fraud_image_network"] = float(float(np.mean(losses[-len(loader):])))
results["train_nightly_fraud_image_network"]


# %%
for label, score in results.items():
    print(f"{label:<48s} {score:12.5f}")
