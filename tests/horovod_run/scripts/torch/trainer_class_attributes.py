"""A trainer class holding the model, its optimizer and the loaders in attributes (a common
style of research code), with a scheduler stepped per epoch and a validation method."""

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class Trainer:
    def __init__(self, model, train_loader, val_loader, lr):
        self.model = model
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.5)
        self.scheduler = torch.optim.lr_scheduler.ExponentialLR(self.optimizer, gamma=0.9)
        self.criterion = nn.CrossEntropyLoss()

    def train_epoch(self):
        self.model.train()
        for features, labels in self.train_loader:
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(features), labels)
            loss.backward()
            self.optimizer.step()
        self.scheduler.step()
        return loss.item()

    def validate(self):
        self.model.eval()
        with torch.no_grad():
            features, labels = next(iter(self.val_loader))
            return (self.model(features).argmax(1) == labels).float().mean().item()

    def fit(self, epochs):
        for epoch in range(epochs):
            for features, labels in self.train_loader:
                self.optimizer.zero_grad()
                loss = self.criterion(self.model(features), labels)
                loss.backward()
                self.optimizer.step()
            self.scheduler.step()
            print(f"epoch {epoch} loss {loss.item():.4f} val {self.validate():.3f}")


torch.manual_seed(9)
points = torch.randn(160, 6)
classes = (points[:, 0] * points[:, 1] > 0).long()
train_loader = DataLoader(TensorDataset(points[:128], classes[:128]), batch_size=16, shuffle=True)
val_loader = DataLoader(TensorDataset(points[128:], classes[128:]), batch_size=32)
network = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 2))
trainer = Trainer(network, train_loader, val_loader, lr=0.1)
trainer.fit(3)
