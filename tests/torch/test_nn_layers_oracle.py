"""``torch.nn`` layers and their ``torch.nn.functional`` forms against real PyTorch 2.13: result
shapes and dtypes, and each certain failure reported on its line in PyTorch's words (``Linear``,
``Bilinear``, convolutions, pooling, normalisations, ``Embedding``, ``Flatten``/``Unflatten``,
``Softmax``, recurrent layers, ``MultiheadAttention``, ``TransformerEncoderLayer``)."""

from __future__ import annotations

import pytest

from .oracle import TORCH, Case, check

NN = "import torch.nn as nn\n"


def _layer(layer: str, *inputs: str) -> str:
    arguments = ", ".join(inputs)
    return f"{NN}layer = nn.{layer}\nresult = layer({arguments})\n"


EXACT = {
    "linear": _layer("Linear(512, 10)", "torch.zeros(64, 512)"),
    "linear-3d": _layer("Linear(512, 10)", "torch.zeros(2, 64, 512)"),
    "linear-1d": _layer("Linear(512, 10)", "torch.zeros(512)"),
    "linear-double": _layer("Linear(4, 3).double()", "torch.zeros(2, 4, dtype=torch.float64)"),
    "linear-mismatch": _layer("Linear(256, 10)", "torch.zeros(64, 512)"),
    "linear-mismatch-3d": _layer("Linear(256, 10)", "torch.zeros(2, 64, 512)"),
    "linear-mismatch-1d": _layer("Linear(256, 10)", "torch.zeros(512)"),
    "linear-0d": _layer("Linear(256, 10)", "torch.zeros(())"),
    "bilinear": _layer("Bilinear(3, 4, 5)", "torch.zeros(8, 3)", "torch.zeros(8, 4)"),
    "bilinear-second": _layer("Bilinear(3, 4, 5)", "torch.zeros(8, 3)", "torch.zeros(8, 5)"),
    "bilinear-first": _layer("Bilinear(3, 4, 5)", "torch.zeros(8, 2)", "torch.zeros(8, 4)"),
    "bilinear-batch": _layer("Bilinear(3, 4, 5)", "torch.zeros(8, 3)", "torch.zeros(7, 4)"),
    "conv2d": _layer("Conv2d(3, 16, 3)", "torch.zeros(8, 3, 28, 28)"),
    "conv2d-padded": _layer("Conv2d(3, 16, 5, stride=2, padding=2)", "torch.zeros(8, 3, 28, 28)"),
    "conv2d-dilated": _layer("Conv2d(3, 4, 3, dilation=2)", "torch.zeros(2, 3, 9, 11)"),
    "conv2d-rect": _layer("Conv2d(3, 4, (3, 5), stride=(1, 2))", "torch.zeros(2, 3, 9, 11)"),
    "conv2d-same": _layer("Conv2d(3, 16, 3, padding='same')", "torch.zeros(8, 3, 28, 28)"),
    "conv2d-valid": _layer("Conv2d(3, 16, 3, padding='valid')", "torch.zeros(8, 3, 28, 28)"),
    "conv2d-groups": _layer("Conv2d(4, 8, 3, groups=2)", "torch.zeros(8, 4, 10, 10)"),
    "conv2d-unbatched": _layer("Conv2d(3, 16, 3)", "torch.zeros(3, 28, 28)"),
    "conv2d-channels": _layer("Conv2d(3, 16, 3)", "torch.zeros(8, 1, 28, 28)"),
    "conv2d-channels-unbatched": _layer("Conv2d(3, 16, 3)", "torch.zeros(1, 28, 28)"),
    "conv2d-channels-groups": _layer("Conv2d(4, 8, 3, groups=2)", "torch.zeros(8, 3, 28, 28)"),
    "conv2d-rank": _layer("Conv2d(3, 16, 3)", "torch.zeros(28, 28)"),
    "conv2d-kernel": _layer("Conv2d(3, 16, 5)", "torch.zeros(8, 3, 3, 3)"),
    "conv2d-kernel-dilated": _layer("Conv2d(3, 16, 3, dilation=2)", "torch.zeros(8, 3, 4, 4)"),
    "conv2d-channels-first": _layer("Conv2d(3, 16, 5)", "torch.zeros(8, 1, 3, 3)"),
    "conv2d-groups-ctor": f"{NN}result = nn.Conv2d(3, 16, 3, groups=2)\n",
    "conv2d-same-strided": f"{NN}result = nn.Conv2d(3, 16, 3, padding='same', stride=2)\n",
    "conv1d": _layer("Conv1d(3, 16, 3, stride=2)", "torch.zeros(8, 3, 28)"),
    "conv1d-channels": _layer("Conv1d(3, 16, 3)", "torch.zeros(8, 1, 28)"),
    "conv1d-rank": _layer("Conv1d(3, 16, 3)", "torch.zeros(8, 1, 28, 28)"),
    "conv1d-kernel": _layer("Conv1d(3, 16, 5)", "torch.zeros(8, 3, 3)"),
    "conv3d": _layer("Conv3d(3, 16, 3)", "torch.zeros(2, 3, 5, 6, 7)"),
    "conv3d-channels": _layer("Conv3d(3, 16, 3)", "torch.zeros(8, 1, 5, 5, 5)"),
    "conv3d-unbatched-channels": _layer("Conv3d(3, 16, 3)", "torch.zeros(8, 3, 5, 5)"),
    "conv-transpose2d": _layer(
        "ConvTranspose2d(3, 16, 3, stride=2, padding=1, output_padding=1)",
        "torch.zeros(8, 3, 28, 28)",
    ),
    "conv-transpose1d": _layer("ConvTranspose1d(3, 16, 4, stride=2)", "torch.zeros(8, 3, 10)"),
    "conv-transpose2d-channels": _layer("ConvTranspose2d(3, 16, 3)", "torch.zeros(8, 1, 28, 28)"),
    "conv-transpose1d-channels": _layer("ConvTranspose1d(3, 16, 3)", "torch.zeros(8, 1, 28)"),
    "conv-transpose2d-rank": _layer("ConvTranspose2d(3, 16, 3)", "torch.zeros(8, 3)"),
    "maxpool2d": _layer("MaxPool2d(2)", "torch.zeros(8, 3, 28, 28)"),
    "maxpool2d-stride": _layer("MaxPool2d(3, stride=2)", "torch.zeros(8, 3, 8, 8)"),
    "maxpool2d-ceil": _layer("MaxPool2d(3, 2, ceil_mode=True)", "torch.zeros(8, 3, 28, 28)"),
    "maxpool2d-padding": _layer("MaxPool2d(3, 2, padding=1)", "torch.zeros(8, 3, 28, 28)"),
    "maxpool2d-unbatched": _layer("MaxPool2d(2)", "torch.zeros(3, 9, 9)"),
    "maxpool2d-int": _layer("MaxPool2d(2)", "torch.zeros(8, 3, 4, 4, dtype=torch.int64)"),
    "maxpool2d-small": _layer("MaxPool2d(2)", "torch.zeros(8, 3, 1, 1)"),
    "maxpool2d-small-unbatched": _layer("MaxPool2d(2)", "torch.zeros(3, 1, 1)"),
    "maxpool2d-rank": _layer("MaxPool2d(2)", "torch.zeros(28, 28)"),
    "maxpool2d-pad": _layer("MaxPool2d(2, padding=2)", "torch.zeros(8, 3, 8, 8)"),
    "maxpool1d": _layer("MaxPool1d(3)", "torch.zeros(8, 3, 10)"),
    "maxpool1d-small": _layer("MaxPool1d(3)", "torch.zeros(8, 3, 2)"),
    "maxpool1d-rank": _layer("MaxPool1d(2)", "torch.zeros(8, 3, 4, 4)"),
    "avgpool2d": _layer("AvgPool2d(2)", "torch.zeros(8, 3, 9, 9)"),
    "avgpool2d-small": _layer("AvgPool2d(2)", "torch.zeros(8, 3, 1, 1)"),
    "avgpool1d": _layer("AvgPool1d(2, stride=1)", "torch.zeros(8, 3, 5)"),
    "avgpool1d-small": _layer("AvgPool1d(3)", "torch.zeros(8, 3, 2)"),
    "avgpool1d-rank": _layer("AvgPool1d(2)", "torch.zeros(8)"),
    "adaptive2d": _layer("AdaptiveAvgPool2d((1, 1))", "torch.zeros(8, 3, 5, 7)"),
    "adaptive2d-int": _layer("AdaptiveAvgPool2d(3)", "torch.zeros(8, 3, 5, 5)"),
    "adaptive2d-none": _layer("AdaptiveAvgPool2d((None, 2))", "torch.zeros(8, 3, 5, 5)"),
    "adaptive2d-3d": _layer("AdaptiveAvgPool2d((1, 1))", "torch.zeros(8, 3, 5)"),
    "adaptive2d-rank": _layer("AdaptiveAvgPool2d((1, 1))", "torch.zeros(8, 3)"),
    "adaptive1d": _layer("AdaptiveAvgPool1d(4)", "torch.zeros(8, 3, 9)"),
    "adaptive1d-rank": _layer("AdaptiveAvgPool1d(1)", "torch.zeros(8, 3, 4, 4)"),
    "batchnorm2d": _layer("BatchNorm2d(16)", "torch.zeros(8, 16, 4, 4)"),
    "batchnorm2d-channels": _layer("BatchNorm2d(16)", "torch.zeros(8, 3, 4, 4)"),
    "batchnorm2d-rank": _layer("BatchNorm2d(16)", "torch.zeros(8, 16)"),
    "batchnorm1d": _layer("BatchNorm1d(16)", "torch.zeros(8, 16)"),
    "batchnorm1d-3d": _layer("BatchNorm1d(16)", "torch.zeros(8, 16, 5)"),
    "batchnorm1d-channels": _layer("BatchNorm1d(16)", "torch.zeros(8, 3)"),
    "batchnorm1d-rank": _layer("BatchNorm1d(16)", "torch.zeros(8, 16, 3, 3)"),
    "layernorm": _layer("LayerNorm(16)", "torch.zeros(8, 3, 16)"),
    "layernorm-mismatch": _layer("LayerNorm(16)", "torch.zeros(8, 3)"),
    "layernorm-shape": _layer("LayerNorm([4, 16])", "torch.zeros(8, 3, 16)"),
    "layernorm-short": _layer("LayerNorm([3, 16])", "torch.zeros(16)"),
    "groupnorm": _layer("GroupNorm(4, 16)", "torch.zeros(8, 16, 3, 3)"),
    "groupnorm-channels": _layer("GroupNorm(4, 16)", "torch.zeros(8, 12, 3)"),
    "groupnorm-rank": _layer("GroupNorm(4, 16)", "torch.zeros(16)"),
    "groupnorm-ctor": f"{NN}result = nn.GroupNorm(5, 16)\n",
    "embedding": _layer("Embedding(100, 16)", "torch.zeros(8, 3, dtype=torch.long)"),
    "embedding-int32": _layer("Embedding(100, 16)", "torch.zeros(8, 3, dtype=torch.int32)"),
    "embedding-float": _layer("Embedding(100, 16)", "torch.zeros(8, 3)"),
    "embedding-double": _layer("Embedding(100, 16)", "torch.zeros(8, 3, dtype=torch.float64)"),
    "flatten": _layer("Flatten()", "torch.zeros(8, 3, 4, 4)"),
    "flatten-range": _layer("Flatten(0, 1)", "torch.zeros(8, 3, 4)"),
    "flatten-long": _layer("Flatten()", "torch.zeros(8, 3, 4, dtype=torch.long)"),
    "flatten-1d": _layer("Flatten()", "torch.zeros(8)"),
    "flatten-order": _layer("Flatten(2, 1)", "torch.zeros(8, 3, 4)"),
    "flatten-end": _layer("Flatten(0, 5)", "torch.zeros(8, 3, 4)"),
    "unflatten": _layer("Unflatten(1, (2, 8))", "torch.zeros(8, 16)"),
    "unflatten-inferred": _layer("Unflatten(1, (-1, 8))", "torch.zeros(8, 16)"),
    "unflatten-sizes": _layer("Unflatten(1, (2, 8))", "torch.zeros(8, 15)"),
    "unflatten-dim": _layer("Unflatten(3, (2, 8))", "torch.zeros(8, 16)"),
    "softmax": _layer("Softmax(dim=1)", "torch.zeros(8, 3)"),
    "softmax-dim": _layer("Softmax(dim=2)", "torch.zeros(8, 3)"),
    "log-softmax-negative": _layer("LogSoftmax(dim=-3)", "torch.zeros(8, 3)"),
    "relu": _layer("ReLU()", "torch.zeros(8, 3)"),
    "gelu-double": _layer("GELU()", "torch.zeros(8, 3, dtype=torch.float64)"),
    "dropout": _layer("Dropout(0.5)", "torch.zeros(8, 3, 2)"),
    "identity-long": _layer("Identity()", "torch.zeros(4, dtype=torch.long)"),
    "lstm": f"{NN}out, (h, c) = nn.LSTM(10, 20)(torch.zeros(5, 3, 10))\nresult = (out, h, c)\n",
    "lstm-batch-first": (
        f"{NN}lstm = nn.LSTM(10, 20, num_layers=2, batch_first=True, bidirectional=True)\n"
        "out, (h, c) = lstm(torch.zeros(5, 3, 10))\nresult = (out, h, c)\n"
    ),
    "lstm-unbatched": f"{NN}out, (h, c) = nn.LSTM(10, 20)(torch.zeros(5, 10))\nresult = (out, h)\n",
    "lstm-projection": (
        f"{NN}out, (h, c) = nn.LSTM(10, 20, proj_size=5)(torch.zeros(5, 3, 10))\n"
        "result = (out, h, c)\n"
    ),
    "lstm-input": f"{NN}result = nn.LSTM(10, 20)(torch.zeros(5, 3, 12))\n",
    "lstm-rank": f"{NN}result = nn.LSTM(10, 20)(torch.zeros(5, 3, 10, 1))\n",
    "gru": f"{NN}result = nn.GRU(10, 20, num_layers=3)(torch.zeros(5, 3, 10))\n",
    "gru-unbatched": f"{NN}result = nn.GRU(10, 20, 2, bidirectional=True)(torch.zeros(5, 10))\n",
    "gru-input": f"{NN}result = nn.GRU(10, 20)(torch.zeros(5, 3, 12))\n",
    "gru-rank": f"{NN}result = nn.GRU(10, 20)(torch.zeros(5))\n",
    "rnn": f"{NN}result = nn.RNN(10, 20, batch_first=True)(torch.zeros(4, 7, 10))\n",
    "rnn-rank": f"{NN}result = nn.RNN(10, 20)(torch.zeros(5, 3, 10, 1))\n",
    "mha": (
        f"{NN}attention = nn.MultiheadAttention(16, 4)\n"
        "result = attention(torch.zeros(5, 3, 16), torch.zeros(7, 3, 16), torch.zeros(7, 3, 16))\n"
    ),
    "mha-batch-first": (
        f"{NN}attention = nn.MultiheadAttention(16, 4, batch_first=True)\n"
        "q = torch.zeros(5, 3, 16)\nkv = torch.zeros(5, 7, 16)\n"
        "result = attention(q, kv, kv)\n"
    ),
    "mha-heads": (
        f"{NN}attention = nn.MultiheadAttention(16, 4, batch_first=True)\n"
        "q = torch.zeros(5, 3, 16)\nkv = torch.zeros(5, 7, 16)\n"
        "result = attention(q, kv, kv, average_attn_weights=False)\n"
    ),
    "mha-no-weights": (
        f"{NN}attention = nn.MultiheadAttention(16, 4)\nq = torch.zeros(5, 3, 16)\n"
        "output, weights = attention(q, q, q, need_weights=False)\nresult = output\n"
    ),
    "mha-unbatched": (
        f"{NN}attention = nn.MultiheadAttention(16, 4)\n"
        "result = attention(torch.zeros(5, 16), torch.zeros(7, 16), torch.zeros(7, 16))\n"
    ),
    "mha-embedding": (
        f"{NN}attention = nn.MultiheadAttention(16, 4)\nq = torch.zeros(5, 3, 12)\n"
        "result = attention(q, q, q)\n"
    ),
    "mha-key-value": (
        f"{NN}attention = nn.MultiheadAttention(16, 4)\n"
        "result = attention(torch.zeros(5, 3, 16), torch.zeros(7, 3, 16), torch.zeros(6, 3, 16))\n"
    ),
    "mha-rank": (
        f"{NN}attention = nn.MultiheadAttention(16, 4)\nq = torch.zeros(5, 3, 2, 16)\n"
        "result = attention(q, q, q)\n"
    ),
    "mha-ctor": f"{NN}result = nn.MultiheadAttention(16, 5)\n",
    "encoder-layer": _layer(
        "TransformerEncoderLayer(16, 4, dim_feedforward=32, batch_first=True)",
        "torch.zeros(5, 3, 16)",
    ),
    "encoder-layer-ctor": f"{NN}result = nn.TransformerEncoderLayer(16, 5)\n",
    "encoder-stack": (
        f"{NN}layer = nn.TransformerEncoderLayer(16, 4, dim_feedforward=32, batch_first=True)\n"
        "encoder = nn.TransformerEncoder(layer, num_layers=2)\n"
        "result = encoder(torch.zeros(5, 3, 16))\n"
    ),
    "encoder-stack-sequence-first": (
        f"{NN}encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(16, 4), 3)\n"
        "result = encoder(torch.zeros(7, 2, 16))\n"
    ),
    "f-linear": "result = F.linear(torch.zeros(64, 512), torch.zeros(10, 512))\n",
    "f-linear-mismatch": "result = F.linear(torch.zeros(64, 512), torch.zeros(10, 256))\n",
    "f-conv2d": "result = F.conv2d(torch.zeros(8, 3, 28, 28), torch.zeros(16, 3, 5, 5), padding=2)\n",
    "f-conv2d-channels": "result = F.conv2d(torch.zeros(8, 1, 28, 28), torch.zeros(16, 3, 3, 3))\n",
    "f-conv1d": "result = F.conv1d(torch.zeros(8, 4, 28), torch.zeros(6, 2, 3), groups=2)\n",
    "f-max-pool2d": "result = F.max_pool2d(torch.zeros(8, 1, 28, 28), 2)\n",
    "f-max-pool2d-ceil": "result = F.max_pool2d(torch.zeros(8, 1, 7, 7), 2, ceil_mode=True)\n",
    "f-avg-pool2d": "result = F.avg_pool2d(torch.zeros(8, 1, 28, 28), 3, stride=2)\n",
    "f-adaptive": "result = F.adaptive_avg_pool2d(torch.zeros(8, 3, 9, 9), (2, 3))\n",
    "f-embedding": "result = F.embedding(torch.zeros(8, 3, dtype=torch.long), torch.zeros(100, 16))\n",
    "f-layer-norm": "result = F.layer_norm(torch.zeros(8, 3), (16,))\n",
    "f-softmax": "result = F.softmax(torch.zeros(8, 3), dim=1)\n",
    "f-log-softmax-dim": "result = F.log_softmax(torch.zeros(8, 3), dim=2)\n",
    "f-gelu": "result = F.gelu(torch.zeros(8, 3))\n",
    "f-dropout": "result = F.dropout(torch.zeros(8, 3), p=0.5, training=True)\n",
}

IMPRECISE = {
    # A layer's parameters have an unknown dtype (``.double()`` is not tracked).
    "linear-weight": f"{NN}result = nn.Linear(4, 3).weight\n",
    "linear-bias": f"{NN}result = nn.Linear(4, 3).bias\n",
    "conv-weight": f"{NN}result = nn.Conv2d(4, 8, (3, 5), groups=2).weight\n",
    "conv-transpose-weight": f"{NN}result = nn.ConvTranspose2d(4, 8, 3).weight\n",
    "f-linear-weight": (
        f"{NN}layer = nn.Linear(4, 3)\nresult = F.linear(torch.zeros(2, 4), layer.weight)\n"
    ),
    "linear-unknown-batch": _layer("Linear(256, 10)", "torch.zeros(size(64), 512)"),
    "linear-unknown-features": _layer("Linear(256, 10)", "torch.zeros(64, size(256))"),
    "conv2d-unknown-size": _layer("Conv2d(3, 16, 3)", "torch.zeros(8, 3, size(28), 28)"),
    "conv2d-unknown-channels": _layer("Conv2d(3, 16, 3)", "torch.zeros(8, size(1), 28, 28)"),
    "maxpool2d-unknown": _layer("MaxPool2d(2)", "torch.zeros(size(8), 3, 28, 28)"),
    "lstm-unknown": f"{NN}result = nn.LSTM(10, 20)(torch.zeros(5, size(3), 10))\n",
}

UNMODELLED = {
    # Depends on the training mode, which is not tracked.
    "batchnorm1d-one-sample": _layer("BatchNorm1d(16)", "torch.zeros(1, 16)"),
    # A layer's parameters' dtype is not tracked.
    "linear-long": _layer("Linear(4, 10)", "torch.zeros(3, 4, dtype=torch.long)"),
    # The fast path (evaluation without gradients) words its failure differently.
    "encoder-layer-width": _layer(
        "TransformerEncoderLayer(16, 4, batch_first=True)", "torch.zeros(5, 3, 12)"
    ),
}

CASES: list[Case] = Case.cases_of(EXACT, IMPRECISE, UNMODELLED)


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
