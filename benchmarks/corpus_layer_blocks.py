"""Corpus blocks that run neural-network layers forward, without a gradient step.

Multi-head self-attention with layer normalisation, im2col convolutions with max pooling, batch
normalisation with dropout in a dense network, and an Elman recurrent cell with a least-squares
readout. Each block is a ``(Variation) -> Block`` (see ``corpus_rendering``) whose code calls only
NumPy and the helpers of ``corpus_blocks.PREAMBLE``; every shape agrees, so the rendered code runs
under real NumPy without errors.
"""

from __future__ import annotations

from corpus_rendering import Block, Variation, render


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
