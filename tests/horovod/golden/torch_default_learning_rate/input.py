import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
adam = torch.optim.Adam(model.parameters(), weight_decay=0.0)
train = DataLoader(TensorDataset(torch.randn(32, 3), torch.randint(0, 2, (32,))), 8, shuffle=True)

for epoch in range(1):
    for inputs, labels in train:
        adam.zero_grad()
        nn.functional.cross_entropy(model(inputs), labels).backward()
        adam.step()
