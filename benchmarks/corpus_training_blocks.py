"""Corpus blocks that train a model by gradient descent: a model, its gradients and a training loop.

MLPs with manual backpropagation, softmax regression, multi-output linear regression with an
optimizer class (Adam, momentum, RMSProp), embedding-bag text classifiers, logistic regression
with a cosine schedule and early stopping, a two-layer network fed by an augmenting batch loader,
and tied autoencoders. Each block is a ``(Variation) -> Block`` (see ``corpus_rendering``) whose
code calls only NumPy and the helpers of ``corpus_blocks.PREAMBLE``; every shape agrees, so the
rendered code runs under real NumPy without errors.
"""

from __future__ import annotations

from corpus_rendering import Block, Variation, render

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
