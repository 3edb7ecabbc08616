import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

GRADIENT_ACCUMULATION_STEPS = 2
data = TensorDataset(torch.randn(48, 5), torch.randint(0, 2, (48,)))
train_loader = DataLoader(data, batch_size=6, shuffle=True)
model = nn.Linear(5, 2)
optimizer = torch.optim.AdamW(model.parameters(), lr=2e-3)
scaler = torch.cuda.amp.GradScaler(enabled=torch.cuda.is_available())

for epoch in range(2):
    for step, (features, labels) in enumerate(train_loader):
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            loss = nn.functional.cross_entropy(model(features), labels)
        scaler.scale(loss / GRADIENT_ACCUMULATION_STEPS).backward()
        if (step + 1) % GRADIENT_ACCUMULATION_STEPS == 0 or step + 1 == len(train_loader):
            scaler.unscale_(optimizer)
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
    print(f"epoch {epoch} loss {loss.item():.3f}")
