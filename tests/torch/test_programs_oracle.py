"""Realistic PyTorch programs against real PyTorch 2.13, each clean and with injected shape bugs:
an MLP trained from a ``DataLoader``, LeNet, a ResNet block, an LSTM tagger, a transformer block
and a convolutional autoencoder. The same program run for real gives the result's shape, or
raises exactly where tensorls reports, with the same message; ``nn.Module`` subclasses, containers,
data loading, optimizers and ``backward`` are exercised along the way."""

from __future__ import annotations

import pytest

from .oracle import TORCH, Case
from .oracle import check as oracle_check

MLP = """
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class MLP(nn.Module):
    def __init__(self, features, hidden, classes):
        super().__init__()
        self.fc1 = nn.Linear(features, hidden)
        self.act = nn.ReLU()
        self.drop = nn.Dropout(0.2)
        self.fc2 = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.fc2(self.drop(self.act(self.fc1(x))))


inputs = torch.randn(256, 20)
labels = torch.randint(0, 5, (256,))
loader = DataLoader(TensorDataset(inputs, labels), batch_size=64, shuffle=True)
model = MLP(20, 64, 5)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
criterion = nn.CrossEntropyLoss()
model.train()
for x, y in loader:
    optimizer.zero_grad()
    logits = model(x)
    loss = criterion(logits, y)
    loss.backward()
    optimizer.step()
model.eval()
result = logits
"""

MLP_BUGS = {
    "mlp-features": ("model = MLP(20, 64, 5)", "model = MLP(784, 64, 5)"),
    "mlp-labels": (
        "labels = torch.randint(0, 5, (256,))",
        "labels = torch.randint(0, 5, (256, 5))",
    ),
    "mlp-dataset": ("TensorDataset(inputs, labels)", "TensorDataset(inputs, labels[:200])"),
    "mlp-hidden": ("self.fc2 = nn.Linear(hidden, classes)", "self.fc2 = nn.Linear(32, classes)"),
}

LENET = """
import torch.nn as nn


class LeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, padding=2)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = x.view(-1, 16 * 5 * 5)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)


model = LeNet()
images = torch.randn(8, 1, 28, 28)
targets = torch.randint(0, 10, (8,))
logits = model(images)
loss = F.cross_entropy(logits, targets)
result = logits
"""

LENET_BUGS = {
    "lenet-rgb": ("images = torch.randn(8, 1, 28, 28)", "images = torch.randn(8, 3, 28, 28)"),
    "lenet-fc1": ("nn.Linear(16 * 5 * 5, 120)", "nn.Linear(16 * 4 * 4, 120)"),
    "lenet-targets": (
        "targets = torch.randint(0, 10, (8,))",
        "targets = torch.randint(0, 10, (16,))",
    ),
    "lenet-conv2": ("nn.Conv2d(6, 16, 5)", "nn.Conv2d(8, 16, 5)"),
}

RESNET = """
import torch.nn as nn


class BasicBlock(nn.Module):
    def __init__(self, in_channels, out_channels, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(in_channels, out_channels, 3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(out_channels)
        self.conv2 = nn.Conv2d(out_channels, out_channels, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(out_channels)
        self.relu = nn.ReLU(inplace=True)
        self.shortcut = nn.Sequential(
            nn.Conv2d(in_channels, out_channels, 1, stride=stride, bias=False),
            nn.BatchNorm2d(out_channels),
        )

    def forward(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return self.relu(out + self.shortcut(x))


block = BasicBlock(16, 32, stride=2)
head = nn.Sequential(nn.AdaptiveAvgPool2d((1, 1)), nn.Flatten(), nn.Linear(32, 10))
features = block(torch.randn(4, 16, 32, 32))
result = head(features)
"""

RESNET_BUGS = {
    "resnet-shortcut-stride": (
        "nn.Conv2d(in_channels, out_channels, 1, stride=stride, bias=False)",
        "nn.Conv2d(in_channels, out_channels, 1, bias=False)",
    ),
    "resnet-bn": ("self.bn2 = nn.BatchNorm2d(out_channels)", "self.bn2 = nn.BatchNorm2d(16)"),
    "resnet-head": ("nn.Linear(32, 10)", "nn.Linear(64, 10)"),
}

TAGGER = """
import torch.nn as nn


class LSTMTagger(nn.Module):
    def __init__(self, vocab_size, embedding_dim, hidden_dim, tagset_size):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, embedding_dim)
        self.lstm = nn.LSTM(embedding_dim, hidden_dim, batch_first=True, bidirectional=True)
        self.hidden2tag = nn.Linear(2 * hidden_dim, tagset_size)

    def forward(self, sentences):
        embeds = self.embedding(sentences)
        lstm_out, (h, c) = self.lstm(embeds)
        return F.log_softmax(self.hidden2tag(lstm_out), dim=2)


tagger = LSTMTagger(1000, 32, 64, 12)
sentences = torch.randint(0, 1000, (4, 15))
tags = torch.randint(0, 12, (4, 15))
scores = tagger(sentences)
loss = F.nll_loss(scores.view(-1, 12), tags.view(-1))
result = scores
"""

TAGGER_BUGS = {
    "tagger-directions": (
        "nn.Linear(2 * hidden_dim, tagset_size)",
        "nn.Linear(hidden_dim, tagset_size)",
    ),
    "tagger-lstm-input": (
        "nn.LSTM(embedding_dim, hidden_dim,",
        "nn.LSTM(hidden_dim, hidden_dim,",
    ),
    "tagger-float-words": (
        "sentences = torch.randint(0, 1000, (4, 15))",
        "sentences = torch.randint(0, 1000, (4, 15)).float()",
    ),
    "tagger-loss": ("F.nll_loss(scores.view(-1, 12), tags.view(-1))", "F.nll_loss(scores, tags)"),
}

TRANSFORMER = """
import torch.nn as nn


class TransformerBlock(nn.Module):
    def __init__(self, d_model, heads, hidden):
        super().__init__()
        self.attention = nn.MultiheadAttention(d_model, heads, batch_first=True)
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.feed_forward = nn.Sequential(
            nn.Linear(d_model, hidden), nn.GELU(), nn.Linear(hidden, d_model)
        )

    def forward(self, x):
        attended, weights = self.attention(x, x, x)
        x = self.norm1(x + attended)
        return self.norm2(x + self.feed_forward(x))


block = TransformerBlock(64, 8, 256)
tokens = torch.randn(2, 10, 64)
encoded = block(tokens)
encoder = nn.TransformerEncoderLayer(64, 8, dim_feedforward=128, batch_first=True)
result = encoder(encoded)
"""

TRANSFORMER_BUGS = {
    "transformer-width": ("tokens = torch.randn(2, 10, 64)", "tokens = torch.randn(2, 10, 32)"),
    "transformer-heads": ("TransformerBlock(64, 8, 256)", "TransformerBlock(64, 6, 256)"),
    "transformer-ffn": ("nn.Linear(hidden, d_model)", "nn.Linear(hidden, hidden)"),
}

AUTOENCODER = """
import torch.nn as nn


class AutoEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(1, 16, 3, stride=2, padding=1),
            nn.ReLU(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1),
            nn.ReLU(),
        )
        self.decoder = nn.Sequential(
            nn.ConvTranspose2d(32, 16, 3, stride=2, padding=1, output_padding=1),
            nn.ReLU(),
            nn.ConvTranspose2d(16, 1, 3, stride=2, padding=1, output_padding=1),
            nn.Sigmoid(),
        )

    def forward(self, x):
        return self.decoder(self.encoder(x))


model = AutoEncoder()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
images = torch.rand(16, 1, 28, 28)
reconstruction = model(images)
loss = nn.MSELoss()(reconstruction, images)
loss.backward()
optimizer.step()
result = reconstruction
"""

AUTOENCODER_BUGS = {
    "autoencoder-decoder-channels": (
        "nn.ConvTranspose2d(32, 16, 3,",
        "nn.ConvTranspose2d(64, 16, 3,",
    ),
    "autoencoder-no-output-padding": (
        "nn.ConvTranspose2d(16, 1, 3, stride=2, padding=1, output_padding=1)",
        "nn.ConvTranspose2d(16, 1, 3, stride=2, padding=1)",
    ),
    "autoencoder-rgb": ("images = torch.rand(16, 1, 28, 28)", "images = torch.rand(16, 3, 28, 28)"),
}


def _variants(source: str, bugs: dict[str, tuple[str, str]], name: str) -> list[Case]:
    cases = [Case(f"{name}-clean", source)]
    for bug, (old, new) in bugs.items():
        assert old in source, bug
        cases.append(Case(bug, source.replace(old, new)))
    return cases


CASES = (
    _variants(MLP, MLP_BUGS, "mlp")
    + _variants(LENET, LENET_BUGS, "lenet")
    + _variants(RESNET, RESNET_BUGS, "resnet")
    + _variants(TAGGER, TAGGER_BUGS, "tagger")
    + _variants(TRANSFORMER, TRANSFORMER_BUGS, "transformer")
    + _variants(AUTOENCODER, AUTOENCODER_BUGS, "autoencoder")
)
BUGGY = [case for case in CASES if not case.id.endswith("-clean")]


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    oracle_check(case, outcomes[case.id])


@pytest.mark.parametrize("case", BUGGY, ids=lambda case: case.id)
def test_each_injected_bug_fails_for_real(
    case: Case, outcomes: dict[str, dict[str, object]]
) -> None:
    """Every injected bug makes PyTorch raise (so the agreement above is about a real bug)."""
    assert "error" in outcomes[case.id], outcomes[case.id]
