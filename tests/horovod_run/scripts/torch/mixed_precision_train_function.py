"""An MLP trained through a train function with autocast and a GradScaler step (no explicit
unscale), the usual shape of AMP tutorials; the scaler is disabled on a CPU-only machine."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def train_epoch(model, loader, optimizer, scaler, loss_fn):
    model.train()
    total = 0.0
    for features, target in loader:
        optimizer.zero_grad()
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            loss = loss_fn(model(features), target)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        total += loss.item()
    return total / len(loader)


def main():
    torch.manual_seed(12)
    features = torch.randn(160, 10)
    target = features[:, :3].sum(dim=1, keepdim=True)
    loader = DataLoader(TensorDataset(features, target), batch_size=16, shuffle=True)
    model = nn.Sequential(nn.Linear(10, 32), nn.GELU(), nn.Linear(32, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=0.003)
    scaler = torch.cuda.amp.GradScaler(enabled=False)
    for epoch in range(3):
        average = train_epoch(model, loader, optimizer, scaler, nn.MSELoss())
        print(f"epoch {epoch}: {average:.4f}")
    return model


if __name__ == "__main__":
    trained = main()
