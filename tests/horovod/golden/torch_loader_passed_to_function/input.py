import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


def train_epoch(model, batches, optimizer):
    for features, target in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(features), target).backward()
        optimizer.step()


def main():
    data = TensorDataset(torch.randn(40, 3), torch.randn(40, 1))
    train_loader = DataLoader(data, batch_size=10, shuffle=True, num_workers=0)
    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), 0.01)
    for epoch in range(3):
        train_epoch(model, train_loader, optimizer)


if __name__ == "__main__":
    main()
