"""An LSTM sequence classifier trained by functions that take the loader, with a StepLR."""

import torch
import torch.nn as nn
from torch.optim.lr_scheduler import StepLR
from torch.utils.data import DataLoader, TensorDataset


class SequenceClassifier(nn.Module):
    def __init__(self, features, hidden, classes):
        super().__init__()
        self.lstm = nn.LSTM(features, hidden, batch_first=True)
        self.head = nn.Linear(hidden, classes)

    def forward(self, sequences):
        _, (hidden, _) = self.lstm(sequences)
        return self.head(hidden[-1])


def train_one_epoch(model, loader, optimizer, loss_fn):
    model.train()
    total = 0.0
    for sequences, labels in loader:
        optimizer.zero_grad()
        loss = loss_fn(model(sequences), labels)
        loss.backward()
        optimizer.step()
        total += loss.item()
    return total / len(loader)


def evaluate(model, loader):
    model.eval()
    hits = 0
    with torch.no_grad():
        for sequences, labels in loader:
            hits += (model(sequences).argmax(1) == labels).sum().item()
    return hits / len(loader.dataset)


def main():
    torch.manual_seed(3)
    sequences = torch.randn(128, 6, 3)
    labels = (sequences[:, :, 0].sum(dim=1) > 0).long()
    train_loader = DataLoader(
        TensorDataset(sequences[:96], labels[:96]), batch_size=12, shuffle=True
    )
    test_loader = DataLoader(TensorDataset(sequences[96:], labels[96:]), batch_size=32)
    global model
    model = SequenceClassifier(3, 8, 2)
    optimizer = torch.optim.RMSprop(model.parameters(), lr=0.005)
    scheduler = StepLR(optimizer, step_size=1, gamma=0.5)
    loss_fn = nn.CrossEntropyLoss()
    for epoch in range(3):
        loss = train_one_epoch(model, train_loader, optimizer, loss_fn)
        scheduler.step()
        print(f"epoch {epoch} loss {loss:.4f} accuracy {evaluate(model, test_loader):.3f}")


if __name__ == "__main__":
    main()
