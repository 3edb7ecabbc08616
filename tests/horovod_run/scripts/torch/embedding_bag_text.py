"""Bag-of-embeddings text classifier (token ids), value clipping, best model saved as a file."""

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(8)
VOCAB, LENGTH = 50, 7
tokens = torch.randint(0, VOCAB, (144, LENGTH))
labels = (tokens < 25).sum(dim=1).gt(LENGTH // 2).long()


class TextClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.EmbeddingBag(VOCAB, 16, mode="mean")
        self.fc = nn.Linear(16, 2)

    def forward(self, text):
        return self.fc(self.embedding(text))


classifier = TextClassifier()
optimizer = torch.optim.Adamax(classifier.parameters(), lr=0.02)
criterion = nn.CrossEntropyLoss()
train_loader = DataLoader(TensorDataset(tokens, labels), batch_size=16, shuffle=True)
best = float("inf")

for epoch in range(3):
    classifier.train()
    for text, label in train_loader:
        optimizer.zero_grad()
        loss = criterion(classifier(text), label)
        loss.backward()
        torch.nn.utils.clip_grad_value_(classifier.parameters(), 0.1)
        optimizer.step()
    if loss.item() < best:
        best = loss.item()
        torch.save(classifier.state_dict(), "best_classifier.pt")
    print(f"epoch {epoch} loss {loss.item():.4f} best {best:.4f}")
