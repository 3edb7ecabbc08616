"""Fine-tuning style loop: bfloat16 autocast, a GradScaler (active only with CUDA), the scaled
loss accumulated over three batches, then unscale, clip, scaled step and zero_grad; a linear
warm-up schedule stepped with the optimizer."""

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(15)
GRADIENT_ACCUMULATION_STEPS = 3
tokens = torch.randint(0, 50, (120, 8))
labels = (tokens.float().mean(dim=1) > 24.5).long()
train_loader = DataLoader(TensorDataset(tokens, labels), batch_size=6, shuffle=True)


class BagClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.EmbeddingBag(50, 16)
        self.head = nn.Linear(16, 2)

    def forward(self, ids):
        return self.head(self.embedding(ids))


model = BagClassifier()
optimizer = torch.optim.AdamW(model.parameters(), lr=0.01)
scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda update: min(1.0, (update + 1) / 4))
scaler = torch.cuda.amp.GradScaler(enabled=torch.cuda.is_available())

for epoch in range(3):
    model.train()
    for step, (ids, target) in enumerate(train_loader):
        with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
            loss = nn.functional.cross_entropy(model(ids), target)
        scaler.scale(loss / GRADIENT_ACCUMULATION_STEPS).backward()
        if (step + 1) % GRADIENT_ACCUMULATION_STEPS == 0 or step + 1 == len(train_loader):
            scaler.unscale_(optimizer)
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()
            scheduler.step()
            optimizer.zero_grad()
    print(f"epoch {epoch}: loss {loss.item():.4f} lr {scheduler.get_last_lr()[0]:.5f}")
